#!/usr/bin/env python3
"""Writes ICU's line-break rules as this machine's ICU compiled them (ubrk_getBinaryRules)
to the file named, for Sources/TimelineBreaks/Data/line.brk. The bundled file was written on
Debian 12 (ICU 72); ICU 76 and macOS's ICU open it with ubrk_openBinaryRules, so every machine
breaks lines by the same rules and character classes. Run it only to move to newer rules, and
re-record the goldens then."""
import ctypes, glob, sys

path = sorted(glob.glob('/usr/lib/*/libicuuc.so.[0-9]*'))[0]
version = path.split('.so.')[1].split('.')[0]
icu = ctypes.CDLL(path)
def function(name): return getattr(icu, name + '_' + version)
status = ctypes.c_int(0)
open_iterator = function('ubrk_open')
open_iterator.restype = ctypes.c_void_p
open_iterator.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
UBRK_LINE = 2
iterator = open_iterator(UBRK_LINE, b"en", None, 0, ctypes.byref(status))
rules = function('ubrk_getBinaryRules')
rules.restype = ctypes.c_int
rules.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
size = rules(iterator, None, 0, ctypes.byref(status))
buffer = ctypes.create_string_buffer(size)
status.value = 0
rules(iterator, buffer, size, ctypes.byref(status))
if status.value > 0:
    sys.exit(f"ubrk_getBinaryRules failed: {status.value}")
with open(sys.argv[1], 'wb') as out:
    out.write(buffer.raw)
print(f"{sys.argv[1]}: {size} bytes of ICU {version}'s line rules")
