/// Why a composition, or the text of one (`click:0.5+20ms,thud`), cannot be built: which
/// primitive of the sequence (counted from 1) and what about it.
public struct CompositionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the primitive.
    public enum Problem: Sendable, Equatable {
        /// The name is not one of Android's primitives.
        case unknownPrimitive(String)
        /// The scale is not a number from 0 to 1; `text` is as written.
        case badScale(String)
        /// The delay is not a finite, non-negative number of milliseconds; `text` is as written.
        case badDelay(String)
        /// There is nothing to compose: the text names no primitive.
        case empty
    }

    /// The position of the offending primitive in the sequence, from 1.
    public var position: Int
    /// What is wrong with it.
    public var problem: Problem

    /// Creates the error for the primitive at `position`.
    public init(position: Int, problem: Problem) {
        self.position = position
        self.problem = problem
    }

    /// What the primitive's position should hold, for the kind of problem.
    public var expected: String {
        switch problem {
        case .unknownPrimitive: "one of " + Primitive.allCases.map(\.rawValue).joined(separator: ", ")
        case .badScale: "a scale from 0 to 1"
        case .badDelay: "a delay of 0 or more milliseconds, e.g. +20ms"
        case .empty: "PRIMITIVE[:SCALE][+DELAYms][,PRIMITIVE...], e.g. click,tick:0.5+40ms"
        }
    }

    /// What was written instead, quoted; `nothing` for an empty composition.
    public var found: String {
        switch problem {
        case .unknownPrimitive(let text), .badScale(let text), .badDelay(let text): "'\(text)'"
        case .empty: "nothing"
        }
    }

    /// One line naming the primitive's position, what was expected and what was found, e.g.
    /// `primitive 2: expected a scale from 0 to 1, found '1.5'`.
    public var description: String {
        "primitive \(position): expected \(expected), found \(found)"
    }
}
