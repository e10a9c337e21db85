/// What a whole command line is read into: a command's options and arguments, taken off the
/// reader by `init(parsing:)`. `parse(_:)` is how a program reads one, and the one place where
/// whatever the command did not take is refused.
package protocol ParsableArguments {
    /// Takes the options and arguments the command's configuration declares off `arguments`.
    init(parsing arguments: inout ArgumentReader) throws(UsageError)
}

extension ParsableArguments {
    /// Reads the command line in `arguments`; an option the command does not declare, or an
    /// argument it does not take, is a usage error.
    package static func parse(_ arguments: inout ArgumentReader) throws(UsageError) -> Self {
        let parsed = try Self(parsing: &arguments)
        try arguments.finish()
        return parsed
    }
}
