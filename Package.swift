// swift-tools-version: 6.0
import PackageDescription
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
let package = Package(name: "Haptics", targets: [
  .target(name: "Haptics", resources: [.embedInCode("Presets")], swiftSettings: strict),
  .target(name: "HapticsCLI", dependencies: ["Haptics", "PullToRefresh"], swiftSettings: strict),
  .executableTarget(name: "haptics", dependencies: ["HapticsCLI"], swiftSettings: strict),
  .testTarget(name: "HapticsTests", dependencies: ["Haptics"], exclude: ["Fixtures"], swiftSettings: strict),
])
package.targets.append(.testTarget(name: "HapticsCLITests", dependencies: ["HapticsCLI", "Haptics", "PullToRefresh"], swiftSettings: strict))
package.targets.append(.target(name: "PullToRefresh", dependencies: ["Haptics"], swiftSettings: strict))
package.targets.append(.testTarget(name: "PullToRefreshTests", dependencies: ["PullToRefresh"], swiftSettings: strict))
