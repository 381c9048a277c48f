// entry
