/// What `hapticsd` says when another process owns the bus name it serves, and what to do:
/// `--replace` when it was not tried (the owner may allow it), else stop the owner first.
struct NameTaken: Sendable {
    /// The well-known name.
    let name: String
    /// The owner's unique name (`:1.82`), `nil` when the bus did not say.
    let owner: String?
    /// The owner's command (`feedbackd`) and pid, when the bus said (pid above 0).
    let process: (command: String, pid: Int32)?
    /// Whether `--replace` was asked for (and refused by the owner).
    let replaceTried: Bool

    /// The error line.
    var message: String {
        let who = owner.map { owner in " by \(owner)" + (process.map { " (\($0.command), pid \($0.pid))" } ?? "") } ?? ""
        guard replaceTried else { return "Error: \(name) is owned\(who); stop that service or run hapticsd --replace" }
        let stop =
            process.map { process in
                process.command == "feedbackd"
                    ? "stop it (systemctl --user stop feedbackd, or kill \(process.pid))" : "stop it (kill \(process.pid))"
            } ?? "stop it"
        return "Error: \(name) is owned\(who), which does not let --replace take it; \(stop), then start hapticsd again"
    }
}
