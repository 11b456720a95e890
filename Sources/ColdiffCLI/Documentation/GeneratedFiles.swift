/// The man pages and shell completions rendered from the flag tables, as
/// committed in `man/` and `completions/`.
///
/// The test `GeneratedFilesTests` fails when a committed file differs from
/// what is rendered here; `COLDIFF_REGENERATE=1 swift test --filter
/// GeneratedFiles` rewrites them.
public enum GeneratedFiles {
  /// The text of the first comment line of every generated file.
  public static let notice =
    "Generated from the flag table in Sources/ColdiffCLI; do not edit. "
    + "Regenerate: COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles"

  /// Every generated file, in a fixed order.
  public static var all: [GeneratedFile] {
    let coldiff = ColdiffArguments.command
    let colpatch = ColpatchArguments.command
    return [
      GeneratedFile(path: "man/coldiff.1", contents: ManPageRenderer.render(ColdiffManual.manual)),
      GeneratedFile(
        path: "man/colpatch.1", contents: ManPageRenderer.render(ColpatchManual.manual)),
      GeneratedFile(
        path: "completions/coldiff.bash", contents: BashCompletionRenderer.render(coldiff)),
      GeneratedFile(
        path: "completions/colpatch.bash", contents: BashCompletionRenderer.render(colpatch)),
      GeneratedFile(path: "completions/_coldiff", contents: ZshCompletionRenderer.render(coldiff)),
      GeneratedFile(
        path: "completions/_colpatch", contents: ZshCompletionRenderer.render(colpatch)),
      GeneratedFile(
        path: "completions/coldiff.fish", contents: FishCompletionRenderer.render(coldiff)),
      GeneratedFile(
        path: "completions/colpatch.fish", contents: FishCompletionRenderer.render(colpatch)),
    ]
  }
}
