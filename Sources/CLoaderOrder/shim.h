// No declarations: the module only names libraries to link (module.modulemap).
