import KeychainLintModel

/// The build settings a project's files define, read for `BuildVariableExpander`.
///
/// Which configuration builds which target is not modelled: each `.xcconfig` file under the project
/// root (with its includes read in place) and each `buildSettings` block of a `project.pbxproj`
/// under it is one **configuration**, and a setting's definitions in all of them are alternatives.
/// Inside one configuration Xcode's rules hold: the last assignment of a name and condition wins,
/// `$(inherited)` is the value assigned before it (left unresolved when there is none), and a
/// reference means the configuration's own value when it has one.
package struct ProjectBuildSettings: Sendable {
    /// One assignment: `NAME[condition] = value`.
    package struct Definition: Equatable, Sendable {
        package var name: String
        /// The bracketed conditions as written without spaces (`[sdk=iphoneos*]`), "" for none.
        package var condition: String
        package var value: String
        /// The file it is written in, relative to the project root, and its 1-based line.
        package var file: String
        package var line: Int

        /// `file:line`.
        package var location: String { "\(file):\(line)" }
    }

    /// One configuration's definitions by name, one per condition.
    package struct Configuration: Sendable {
        package var definitions: [String: [Definition]] = [:]

        /// Assigns, replacing an earlier assignment of the same name and condition; `$(inherited)`
        /// in the value becomes that earlier value (or the unconditional one).
        mutating func assign(_ new: Definition) {
            var definition = new
            var list = definitions[new.name] ?? []
            let index = list.firstIndex { $0.condition == new.condition }
            if let inherited = index.map({ list[$0] }) ?? list.first(where: { $0.condition.isEmpty }) {
                definition.value = Self.substitutingInherited(in: definition.value, with: inherited.value)
            }
            if let index { list[index] = definition } else { list.append(definition) }
            definitions[new.name] = list
        }

        /// A value longer than this keeps its `$(inherited)`: a list setting grown line by line
        /// stays bounded.
        static let maxInheritedLength = 4096

        static func substitutingInherited(in value: String, with earlier: String) -> String {
            guard value.utf8.contains(UInt8(ascii: "$")), value.contains("inherited") else { return value }
            var out = ""
            for part in BuildValue.parts(value) {
                switch part {
                case .literal(let text): out += text
                case .reference(_, "inherited"?, nil): out += earlier
                case .reference(let raw, _, _): out += raw
                }
            }
            return out.utf8.count <= maxInheritedLength ? out : value
        }
    }

    package var configurations: [Configuration]
    /// For each name, the configurations that define it.
    private var definers: [String: [Int]] = [:]

    package static let empty = ProjectBuildSettings(configurations: [])

    package init(configurations: [Configuration]) {
        self.configurations = configurations
        for (index, configuration) in configurations.enumerated() {
            for name in configuration.definitions.keys { definers[name, default: []].append(index) }
        }
    }

    /// The definitions a reference to `name` can mean, by configuration (one per condition in
    /// each): those of `configuration` when it defines the name, else those of every configuration.
    package func definitions(of name: String, preferring configuration: Int?) -> [(configuration: Int, definitions: [Definition])] {
        if let configuration, let own = configurations[configuration].definitions[name] {
            return [(configuration, own)]
        }
        return (definers[name] ?? []).map { ($0, configurations[$0].definitions[name] ?? []) }
    }
}

extension ProjectBuildSettings {
    /// Bounds on what one project's settings cost to read.
    package static let maxIncludeDepth = 16
    package static let maxFiles = 1000
    /// Lines read through includes in all, so files that include each other many times over stay cheap.
    package static let maxIncludedLines = 100_000

    /// Reads the settings of the project whose root is `root` (absolute): its `.xcconfig` files and
    /// `project.pbxproj` files, found by the one walk (`FileDiscovery`, which skips `.build`, `Pods`
    /// and the like), at most `maxFiles` of them. `read` gives a file's bytes, nil when it cannot be
    /// read (then the file defines nothing).
    package static func load(projectRoot root: String, read: (String) -> [UInt8]?) -> ProjectBuildSettings {
        var discovery = FileDiscovery(workingDirectory: nil)
        discovery.collectsFileNamed = { $0.hasSuffix(".xcconfig") || $0 == "project.pbxproj" }
        let found = discovery.discover([root]).targets.prefix(maxFiles).map(\.fileSystemPath)
        let xcconfigs = found.filter { $0.hasSuffix(".xcconfig") }
        let pbxprojs = found.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
        return load(xcconfigs: xcconfigs, pbxprojs: pbxprojs, root: root, read: read)
    }

    /// The configurations of these files (absolute paths), locations relative to `root`.
    package static func load(xcconfigs: [String], pbxprojs: [String], root: String, read: (String) -> [UInt8]?) -> ProjectBuildSettings {
        var reader = XcconfigFiles(root: root)
        var configurations = xcconfigs.map { reader.configuration(of: Paths.normalised($0), read: read) }
        for path in pbxprojs {
            guard let bytes = read(path) else { continue }
            let file = location(of: Paths.normalised(path), root: root)
            for block in XcodeProjectReader.buildSettings(pbxproj: bytes) {
                var configuration = Configuration()
                for setting in block {
                    guard let (name, condition) = nameAndCondition(setting.key) else { continue }
                    configuration.assign(Definition(name: name, condition: condition, value: setting.value, file: file, line: setting.line))
                }
                configurations.append(configuration)
            }
        }
        return ProjectBuildSettings(configurations: configurations)
    }

    /// `NAME[sdk=…]` → (`NAME`, `[sdk=…]`); nil when the name is not a setting's name.
    static func nameAndCondition(_ key: String) -> (String, String)? {
        let bytes = key.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: "[")) ?? bytes.endIndex
        guard BuildValue.isName(key[..<end]) else { return nil }
        guard end < bytes.endIndex else { return (key, "") }
        return (String(key[..<end]), String(decoding: bytes[end...].filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self))
    }

    static func location(of path: String, root: String) -> String {
        Paths.relative(path, inside: root) ?? Paths.relative(path, from: root)
    }
}

/// Reads `.xcconfig` files into configurations: each file parsed once, includes read in place
/// up to `ProjectBuildSettings.maxIncludeDepth` deep, an include of a file already being read cut,
/// at most `maxIncludedLines` lines read in all.
private struct XcconfigFiles {
    let root: String
    private var parsed: [String: File] = [:]
    private var linesLeft = ProjectBuildSettings.maxIncludedLines

    init(root: String) {
        self.root = root
    }

    mutating func configuration(of path: String, read: (String) -> [UInt8]?) -> ProjectBuildSettings.Configuration {
        var configuration = ProjectBuildSettings.Configuration()
        var including: [String] = []
        add(path, to: &configuration, including: &including, read: read)
        return configuration
    }

    /// One file read once: its name relative to the root, and its lines with includes resolved
    /// to absolute paths.
    private struct File {
        enum Line {
            case include(String)
            case assignment(name: String, condition: String, value: String, line: Int)
        }
        var name: String
        var lines: [Line]
    }

    private mutating func add(_ path: String, to configuration: inout ProjectBuildSettings.Configuration, including: inout [String],
                              read: (String) -> [UInt8]?) {
        guard including.count <= ProjectBuildSettings.maxIncludeDepth, !including.contains(path) else { return }
        let file = self.file(at: path, read: read)
        including.append(path)
        defer { including.removeLast() }
        for line in file.lines {
            guard linesLeft > 0 else { return }
            linesLeft -= 1
            switch line {
            case .include(let target):
                add(target, to: &configuration, including: &including, read: read)
            case .assignment(let name, let condition, let value, let number):
                configuration.assign(.init(name: name, condition: condition, value: value, file: file.name, line: number))
            }
        }
    }

    private mutating func file(at path: String, read: (String) -> [UInt8]?) -> File {
        if let known = parsed[path] { return known }
        let folder = Paths.parent(path)
        let lines = (read(path).map(XcconfigReader.lines) ?? []).map { line -> File.Line in
            switch line {
            case .include(let target, _, _): return .include(Paths.absolute(target, base: folder))
            case .assignment(let name, let condition, let value, let number): return .assignment(name: name, condition: condition, value: value, line: number)
            }
        }
        let file = File(name: ProjectBuildSettings.location(of: path, root: root), lines: lines)
        parsed[path] = file
        return file
    }
}
