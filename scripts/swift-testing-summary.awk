# Swift Testing's results in a `swift test` log, printed as "TESTS FAILED" for `make test`'s
# summary. A test over arguments counts once per argument (each fixture, say), passing or
# failing, as XCTest would count one method per fixture; Swift Testing's own total counts it once.
function name_between(line, before, after,    start, rest, end) {
    start = index(line, before)
    if (start == 0) return ""
    rest = substr(line, start + length(before))
    end = index(rest, after)
    return end == 0 ? "" : substr(rest, 1, end - 1)
}
/Test run with [0-9]+ tests?/ {
    match($0, /Test run with [0-9]+/)
    tests = substr($0, RSTART + 14, RLENGTH - 14) + 0
    next
}
/Test .* with [0-9]+ test cases? (passed|failed) after/ {
    name = name_between($0, "Test ", " with ")
    match($0, /with [0-9]+ test case/)
    extra += substr($0, RSTART + 5, RLENGTH - 15) - 1
    if ($0 ~ /failed after/) parameterized_failed[name] = 1
    next
}
/Test .* recorded an issue with [0-9]+ arguments? / {
    name = name_between($0, "Test ", " recorded an issue")
    arguments = name_between($0, " recorded an issue with ", " at ")
    if (arguments == "") arguments = substr($0, index($0, " recorded an issue with "))
    key = name SUBSEP arguments
    if (!(key in seen)) { seen[key] = 1; failed_cases[name]++ }
    next
}
/Test .* failed after/ && !/Test run with/ && !/Suite / { failed++ }
END {
    for (name in parameterized_failed) failed += (failed_cases[name] > 0 ? failed_cases[name] : 1)
    print tests + extra, failed + 0
}
