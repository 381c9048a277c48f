// `Limits` moved to TimelinePolicy (the fonts of TimelineCairo need it too); modules that import
// TimelineSpec still see it there.
@_exported import struct TimelinePolicy.Limits
