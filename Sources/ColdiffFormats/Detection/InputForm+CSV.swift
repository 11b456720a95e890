extension InputForm {
  /// The field delimiter to read this form with: ``CSVTable/comma`` for
  /// ``csv``, ``CSVTable/tab`` for ``tsv``, `nil` for the JSON forms.
  public var csvDelimiter: UInt8? {
    switch self {
    case .csv: return CSVTable.comma
    case .tsv: return CSVTable.tab
    case .jsonArray, .jsonObject, .jsonLines, .jsonObjectOrLines: return nil
    }
  }
}
