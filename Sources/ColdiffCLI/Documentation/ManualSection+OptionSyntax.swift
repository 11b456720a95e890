extension ManualSection {
  /// The OPTION SYNTAX section: the command-line conventions the parser
  /// follows, with the repeatable flags of `command` named from its table.
  ///
  /// - Parameters:
  ///   - command: The documented command.
  ///   - valueForms: The ways to give one option its value, marked up
  ///     (`` `--format json`, `--format=json` ``).
  ///   - bundle: Combined short options with a value, marked up, if the
  ///     command has a switch and a value flag with short names.
  ///   - dashValue: A value that begins with `-` given in the option's
  ///     argument, marked up (`` `--key=-x` ``).
  /// - Returns: The section.
  public static func optionSyntax(
    for command: CommandDescription, valueForms: String, bundle: String?, dashValue: String
  ) -> ManualSection {
    let repeatable = (command.flags + command.subcommands.flatMap(\.flags)).filter(\.repeatable)
    var last = "An option that takes a value keeps its last value when it is given twice"
    if repeatable.isEmpty {
      last += "."
    } else {
      let names = repeatable.map { "`" + $0.longSpelling + "`" }
      let list =
        names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
      last +=
        ", except " + list + (names.count == 1 ? ", which collects" : ", which collect")
        + " every value."
    }
    let place =
      command.subcommands.isEmpty
      ? "Options may come before, between or after the operands."
      : "The command comes first; its options may come before, between or after its operands."
    let bundling = bundle.map { "; short options combine (" + $0 + ")" } ?? ""
    let conventions =
      "A value follows its option as the next argument or in the same one (" + valueForms + ")"
      + bundling + ". A value that begins with `-` must be given in the same argument ("
      + dashValue + "). `--` ends the options, so that `-- -file.json` names a file that "
      + "begins with a dash, and `-` alone is standard input."
    return ManualSection(
      "OPTION SYNTAX",
      [
        .paragraph(place + " " + conventions + " " + last),
        .paragraph(
          """
          A mistyped or unknown option is an error (exit status 2) with a suggestion of \
          the nearest option, followed by the usage; `-h` and `--help` print the help and \
          `--version` the version on standard output, with exit status 0.
          """),
      ])
  }
}
