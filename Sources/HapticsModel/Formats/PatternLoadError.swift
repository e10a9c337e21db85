/// The error loading a pattern file throws: the file is a JSON document that is not the
/// pattern expected (unreadable, too large, empty, not JSON, or a value of the wrong kind),
/// named by its file and the JSON path.
///
/// The pattern loaders' signatures (`PatternFile`, `AHAPLoader`, `LofeltHapticLoader`) and a
/// theme's failing pattern file (`ThemeLoadError.pattern`) name the error by this name.
public typealias PatternLoadError = JSONDocumentError
