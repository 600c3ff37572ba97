using System.Text;
using SerBench.Core.Conformance;

namespace SerBench.Tests.Core.Conformance;

public class Rfc8259Tests
{
    public static TheoryData<string> BuiltInNames => [.. TrickyDocuments.All.Select(d => d.Name)];

    [Theory]
    [MemberData(nameof(BuiltInNames))]
    public void Check_AgreesWithWhatEveryBuiltInDocumentDeclares(string name)
    {
        var declared = TrickyDocuments.All.Single(d => d.Name == name);

        var verdict = Rfc8259.Check(declared.Utf8);

        Assert.True(declared.Valid == verdict.Valid, $"{name}: declared {(declared.Valid ? "valid" : "invalid")}, the recognizer says {verdict.Problem ?? "valid"}");
        Assert.Equal(declared.Valid, verdict.Problem is null);
    }

    [Theory]
    [InlineData("[1,2,]", "line 1, column 6: a trailing comma before ']'")]
    [InlineData("{\"a\":1,}", "line 1, column 8: a trailing comma before '}'")]
    [InlineData("{\n  \"a\": 1,\n  \"b\": tru\n}", "line 3, column 8: expected 'true', found 't'")]
    [InlineData("[1 // one\n]", "line 1, column 4: a comment: JSON has no comments")]
    [InlineData("{\"a\":1 /* c */}", "line 1, column 8: a comment: JSON has no comments")]
    [InlineData("/* c */ [1]", "line 1, column 1: a comment: JSON has no comments")]
    [InlineData("{'a':1}", "line 1, column 2: expected a member name in double quotes, found '''")]
    [InlineData("[01]", "line 1, column 3: a number with a leading zero")]
    [InlineData("[-]", "line 1, column 3: a number needs a digit after '-', found ']'")]
    [InlineData("[1.]", "line 1, column 4: a number needs a digit after '.', found ']'")]
    [InlineData("[1e]", "line 1, column 4: a number needs a digit in its exponent, found ']'")]
    [InlineData("{} {}", "line 1, column 4: more than one value: '{' after the end of the document")]
    [InlineData("", "line 1, column 1: the text is empty: JSON text is one value")]
    [InlineData("  \n ", "line 2, column 2: the text is empty: JSON text is one value")]
    [InlineData("[\"a\tb\"]", "line 1, column 4: a control character (U+0009) inside a string: it must be escaped")]
    [InlineData("[\"a\\xb\"]", "line 1, column 5: an invalid escape: '\\' followed by 'x'")]
    [InlineData("[\"\\u12G4\"]", "line 1, column 5: a \\u escape needs four hexadecimal digits")]
    [InlineData("[\"é\", \"abc]", "line 1, column 7: a string that is never closed")]
    [InlineData("{\"a\" 1}", "line 1, column 6: expected ':' after a member name, found '1'")]
    [InlineData("[1 2]", "line 1, column 4: expected ',' or ']' after an element, found '2'")]
    [InlineData("[NaN]", "line 1, column 2: expected a value, found 'N'")]
    [InlineData("[\u00e9]", "line 1, column 2: expected a value, found U+00E9")]
    public void Check_InvalidText_NamesLineColumnAndWhatIsWrong(string text, string problem)
    {
        var verdict = Rfc8259.Check(Encoding.UTF8.GetBytes(text));

        Assert.False(verdict.Valid);
        Assert.Equal(problem, verdict.Problem);
        Assert.Empty(verdict.Leeway);
    }

    [Theory]
    [InlineData(new byte[] { (byte)'[', (byte)'"', 0xFF, (byte)'"', (byte)']' }, "line 1, column 3: invalid UTF-8 (byte 0xFF): JSON text must be UTF-8")]
    [InlineData(new byte[] { (byte)'"', 0xC0, 0xAF, (byte)'"' }, "line 1, column 2: invalid UTF-8 (byte 0xC0): JSON text must be UTF-8")] // Overlong '/'.
    [InlineData(new byte[] { (byte)'"', 0xED, 0xA0, 0x80, (byte)'"' }, "line 1, column 2: invalid UTF-8 (byte 0xED): JSON text must be UTF-8")] // A surrogate encoded in UTF-8.
    [InlineData(new byte[] { 0xFF }, "line 1, column 1: expected a value, found byte 0xFF (not UTF-8)")]
    public void Check_BytesThatAreNotUtf8_AreInvalid(byte[] text, string problem)
    {
        var verdict = Rfc8259.Check(text);

        Assert.False(verdict.Valid);
        Assert.Equal(problem, verdict.Problem);
    }

    [Theory]
    [InlineData("\"just a string\"")]
    [InlineData(" {\"a\" : [ true , false , null , -0.5e+3 , \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\" ] }\r\n")]
    [InlineData("[\"\\uD83D\\uDE00\", \"😀\", 1E2, 0, -0, 9007199254740991, 0.1]")]
    [InlineData("{\"a\":{\"a\":1},\"b\":{\"a\":2}}")] // The same name in different objects is not a duplicate.
    public void Check_JsonWithNothingForTheRfcToForgive_IsValidWithoutLeeway(string text)
    {
        var verdict = Rfc8259.Check(Encoding.UTF8.GetBytes(text));

        Assert.True(verdict.Valid, verdict.Problem);
        Assert.Empty(verdict.Leeway);
    }

    [Theory]
    [InlineData("[1e400]", "RFC 8259 §6: a parser may limit the range and precision of numbers (1e400: beyond the range of a double)")]
    [InlineData("[-1e-400]", "RFC 8259 §6: a parser may limit the range and precision of numbers (-1e-400: too small for a double: it reads as 0)")]
    [InlineData("[9007199254740993]", "RFC 8259 §6: a parser may limit the range and precision of numbers (9007199254740993: an integer beyond ±(2^53 - 1))")]
    [InlineData("[3.141592653589793238]", "RFC 8259 §6: a parser may limit the range and precision of numbers (3.141592653589793238: more significant digits than a double holds)")]
    [InlineData("{\"a\":1,\"\\u0061\":2}", "RFC 8259 §4: names within an object should be unique; with duplicates, behaviour is unpredictable (\"a\")")]
    [InlineData("[\"\\uD800\"]", "RFC 8259 §8.2: a string with a lone surrogate may be handled unpredictably (\\u escapes that are not a surrogate pair)")]
    [InlineData("[\"\\uDE00\\uD83D\"]", "RFC 8259 §8.2: a string with a lone surrogate may be handled unpredictably (\\u escapes that are not a surrogate pair)")]
    [InlineData("{\"\\uD800\\n\":1}", "RFC 8259 §8.2: a string with a lone surrogate may be handled unpredictably (\\u escapes that are not a surrogate pair)")]
    public void Check_ValidJsonTheRfcLetsAParserRefuse_IsValidWithTheClause(string text, string clause)
    {
        var verdict = Rfc8259.Check(Encoding.UTF8.GetBytes(text));

        Assert.True(verdict.Valid, verdict.Problem);
        Assert.Equal([clause], verdict.Leeway);
    }

    [Fact]
    public void Check_Nesting_IsForgivenOnlyBeyondTheCommonLimit()
    {
        static string Nested(int depth) => new string('[', depth) + new string(']', depth);

        var atLimit = Rfc8259.Check(Encoding.UTF8.GetBytes(Nested(Rfc8259.CommonDepthLimit)));
        var beyond = Rfc8259.Check(Encoding.UTF8.GetBytes(Nested(Rfc8259.CommonDepthLimit + 1)));
        var deepest = Rfc8259.Check(TrickyDocuments.All.Single(d => d.Name == "deep-nesting").Utf8);

        Assert.True(atLimit.Valid);
        Assert.Empty(atLimit.Leeway);
        Assert.Equal(["RFC 8259 §9: a parser may limit the depth of nesting (65 levels deep)"], beyond.Leeway);
        Assert.Equal(["RFC 8259 §9: a parser may limit the depth of nesting (100,000 levels deep)"], deepest.Leeway);
    }

    [Fact]
    public void Check_ByteOrderMark_IsInvalidButMayBeRead_WhenWhatFollowsIsJson()
    {
        var verdict = Rfc8259.Check([0xEF, 0xBB, 0xBF, .. "{\"a\":1e400}"u8]);
        var broken = Rfc8259.Check([0xEF, 0xBB, 0xBF, .. "[1,]"u8]);

        Assert.False(verdict.Valid);
        Assert.Equal("line 1, column 1: a byte order mark (U+FEFF) is not part of JSON text", verdict.Problem);
        Assert.Equal(2, verdict.Leeway.Count);
        Assert.Equal("RFC 8259 §8.1: a parser may ignore a byte order mark", verdict.Leeway[1]);
        // Behind a mark, text that is not JSON is reported where it is wrong, counting the mark as the first character.
        Assert.Equal("line 1, column 5: a trailing comma before ']'", broken.Problem);
        Assert.Empty(broken.Leeway);
    }

    [Fact]
    public void DocumentCreate_KeepsTheBytes_AndKnowsWhatAReaderShouldWriteBack()
    {
        var bom = ConformanceDocument.Create("bom", "built-in", null, [0xEF, 0xBB, 0xBF, .. "[1]"u8]);
        var invalid = ConformanceDocument.Create("x", "built-in", null, "[1,]"u8.ToArray());

        Assert.Equal(6, bom.Utf8.Length);
        Assert.Equal("[1]"u8.ToArray(), bom.Content);
        Assert.Equal("invalid, may read", bom.Info.Expectation);
        Assert.Null(invalid.Content);
        Assert.Equal("invalid", invalid.Info.Expectation);
    }

    [Fact]
    public void Preview_ShowsWhatIsInvisible_AndTellsARawCharacterFromItsEscape()
    {
        var preview = ConformanceDocument.Preview([0xEF, 0xBB, 0xBF, .. "[\"\\u0000\0\u2028é😀\t"u8, 0xFF, .. "\"]"u8]);

        Assert.Equal("⟨U+FEFF⟩[\"\\u0000⟨U+0000⟩⟨U+2028⟩é😀⟨U+0009⟩⟨0xFF⟩\"]", preview);
        Assert.Equal(new string('[', 60) + "…", ConformanceDocument.Preview(TrickyDocuments.All.Single(d => d.Name == "deep-nesting").Utf8));
    }

    [Fact]
    public void Preview_ShowsNoncharactersAndUnassignedCodePoints_AsCodePoints()
    {
        // U+FFFF, U+FDD0 and U+1FFFE are noncharacters and U+0378 is unassigned; U+FFFD, the replacement character, has a glyph.
        var text = "[\"\uFFFF\uFDD0\U0001FFFE\u0378\uFFFD\"]";

        Assert.Equal("[\"⟨U+FFFF⟩⟨U+FDD0⟩⟨U+1FFFE⟩⟨U+0378⟩\uFFFD\"]", ConformanceDocument.Preview(Encoding.UTF8.GetBytes(text)));
        Assert.Equal("[\"⟨U+FFFF⟩⟨U+FDD0⟩⟨U+1FFFE⟩⟨U+0378⟩\uFFFD\"]", SerBench.Core.Files.InvisibleText.Show(text));
    }
}
