/// How help and errors list the values an option accepts.
package enum ChoiceText {
    /// The help's note, e.g. `values: text, json, svg`.
    package static func values<Choice: RawRepresentable>(_ choices: [Choice]) -> String where Choice.RawValue == String {
        "values: " + choices.map(\.rawValue).joined(separator: ", ")
    }

    /// What a value must be, for errors, e.g. `one of text, json, svg`.
    package static func expected<Choice: RawRepresentable>(_ choices: [Choice]) -> String where Choice.RawValue == String {
        "one of " + choices.map(\.rawValue).joined(separator: ", ")
    }
}
