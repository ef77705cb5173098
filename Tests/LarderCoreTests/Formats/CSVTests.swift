import Foundation
import LarderCore
import Testing

@Suite struct CSVTests {
  @Test func readsAHeaderAndPlainRecords() throws {
    let table = try CSVTable.read("a,b,c\n1,2,3\n4,5,6\n")
    #expect(table.header == ["a", "b", "c"])
    #expect(table.records == [["1", "2", "3"], ["4", "5", "6"]])
    #expect(table.lineNumbers == [2, 3])
    #expect(table.column("b") == 1)
  }

  @Test(arguments: [
    ("h\n\"1 cup flour, sifted\"\n", "1 cup flour, sifted"),
    ("h\n\"the \"\"best\"\" oil\"\n", "the \"best\" oil"),
    ("h\n\"two\nlines\"\n", "two\nlines"),
    ("h\n\"two\r\nlines\"\r\n", "two\r\nlines"),
    ("h\n\"\"\"quoted\"\"\"\n", "\"quoted\""),
    ("h\n5¼oz \"fancy\" chickpeas\n", "5¼oz \"fancy\" chickpeas"),
    ("h\n\"½ cup\"", "½ cup"),
    ("h\nno newline at the end", "no newline at the end"),
  ])
  func readsQuotedFields(text: String, field: String) throws {
    #expect(try CSVTable.read(text).records == [[field]])
  }

  @Test func keepsEmptyFieldsAndTrailingCommas() throws {
    let table = try CSVTable.read("a,b,c\n,\"\",\nx,,\n")
    #expect(table.records == [["", "", ""], ["x", "", ""]])
  }

  @Test func acceptsCRLFAndCRLineEndsAndSkipsEmptyLines() throws {
    let table = try CSVTable.read("a,b\r\n1,2\r\n\r\n3,4\r5,6")
    #expect(table.records == [["1", "2"], ["3", "4"], ["5", "6"]])
  }

  @Test func countsLinesInsideQuotedFields() throws {
    let table = try CSVTable.read("a,b\n\"x\ny\nz\",1\nlast,2\n")
    #expect(table.lineNumbers == [2, 5])
  }

  @Test func ignoresAByteOrderMark() throws {
    #expect(
      try CSVTable.read("\u{FEFF}row_id,input\n0,salt\n").header == [
        "row_id", "input",
      ])
  }

  @Test func reportsAnUnclosedQuoteWithItsLine() {
    #expect {
      try CSVTable.read("a,b\n1,2\n3,\"never closed\n4,5\n")
    } throws: { error in
      "\(error)".contains("line 3") && "\(error)".contains("never closed")
    }
  }

  @Test func reportsTextAfterAClosingQuote() {
    #expect(throws: LarderCoreError.self) {
      try CSVTable.read("a\n\"x\"y\n")
    }
  }

  @Test func readsAnEmptyDocument() throws {
    let table = try CSVTable.read("")
    #expect(table.header.isEmpty && table.records.isEmpty)
  }
}
