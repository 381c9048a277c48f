/// The words a card writes besides its dates: status names (the legend), "+N more" (the preview
/// strip) and the digits numbers are written with. CLDR has no status words, so the languages the
/// docs show carry their own here; `labels:` replaces any of them.
public enum LabelWords {
    /// Status names in `Status.allCases` order, and the "+N more" pattern (`%d` is the count), by
    /// language subtag.
    static let table: [String: (statuses: [String], more: String)] = [
        "en": (
            ["Before start", "Start", "Open", "In progress", "Complete", "Inactive", "Early end", "Before end", "End"],
            "+%d more"
        ),
        "de": (
            [
                "Vor Beginn", "Beginn", "Offen", "In Bearbeitung", "Erledigt", "Inaktiv", "Vorzeitig beendet",
                "Vor Ende", "Ende",
            ], "+%d weitere"
        ),
        "fr": (
            [
                "Avant le début", "Début", "Ouvert", "En cours", "Terminé", "Inactif", "Fin anticipée",
                "Avant la fin", "Fin",
            ], "+%d autres"
        ),
        "es": (
            [
                "Antes del inicio", "Inicio", "Abierto", "En curso", "Completado", "Inactivo", "Fin anticipado",
                "Antes del fin", "Fin",
            ], "+%d más"
        ),
        "ja": (["開始前", "開始", "未着手", "進行中", "完了", "無効", "早期終了", "終了前", "終了"], "他%d件"),
        "zh": (["开始前", "开始", "未开始", "进行中", "已完成", "无效", "提前结束", "结束前", "结束"], "还有%d项"),
        "ko": (["시작 전", "시작", "대기", "진행 중", "완료", "비활성", "조기 종료", "종료 전", "종료"], "+%d개 더"),
        "ar": (
            [
                "قبل البدء", "البدء", "مفتوح", "قيد التنفيذ", "مكتمل", "غير نشط", "انتهى مبكرًا", "قبل الانتهاء",
                "النهاية",
            ], "+%d أخرى"
        ),
        "he": (
            ["לפני ההתחלה", "התחלה", "פתוח", "בתהליך", "הושלם", "לא פעיל", "הסתיים מוקדם", "לפני הסיום", "סיום"],
            "+%d נוספים"
        ),
        "fa": (
            [
                "پیش از شروع", "شروع", "باز", "در حال انجام", "تکمیل‌شده", "غیرفعال", "پایان زودهنگام", "پیش از پایان",
                "پایان",
            ], "+%d مورد دیگر"
        ),
    ]

    /// The languages with words of their own, for docs and tests.
    public static var languages: [String] { table.keys.sorted() }

    /// Every word these labels write (status names and "+N more" split at spaces), for checks
    /// that a drawn word is one the input or the tool wrote.
    public static var everyWord: Set<String> {
        Set(
            table.values.flatMap { words in
                (words.statuses + [words.more]).flatMap { $0.split(separator: " ").map(String.init) }
            })
    }

    /// The words of `locale`'s language (`de-AT` takes `de`'s); nil for a language without them.
    public static func words(for locale: String) -> (statuses: [String], more: String)? {
        let language = String(locale.prefix { $0.isASCII && $0.isLetter }).lowercased()
        return table[language]
    }
}

extension DateNames {
    /// The legend's name of `status`: "In progress", "In Bearbeitung".
    public func name(of status: Status) -> String {
        let index = Status.allCases.firstIndex(of: status) ?? 0
        return statuses.indices.contains(index) ? statuses[index] : status.rawValue
    }

    /// "+3 more" in the card's words and digits.
    public func more(_ count: Int) -> String {
        let number = localDigits(String(count))
        let parts = morePattern.split(separator: "%d", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return morePattern + " " + number }
        return parts[0] + number + parts[1]
    }

    /// `text` with its ASCII digits written in the locale's own (Arabic-Indic in `ar`, Persian in
    /// `fa`); unchanged for a locale that writes 0-9.
    public func localDigits(_ text: String) -> String {
        guard digits != Self.asciiDigits, text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        let digits = Array(self.digits)
        guard digits.count == 10 else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x30, scalar.value <= 0x39 {
                result.append(digits[Int(scalar.value - 0x30)])
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static let asciiDigits = "0123456789"
}
