using System.Text;
using System.Text.Json;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public class JsonTextComparerTests
{
    private static JsonChange? Change(string original, string written) =>
        JsonTextComparer.FirstChange(Encoding.UTF8.GetBytes(original), Encoding.UTF8.GetBytes(written));

    [Theory]
    [InlineData("""{"a":1,"b":[true,null,"x"]}""", """{ "a" : 1, "b" : [ true, null, "x" ] }""")]
    [InlineData("""[1.5e3, -0, "é"]""", """[1.5e3,-0,"é"]""")]
    public void SameTextUpToWhitespace_IsNoChange(string original, string written) => Assert.Null(Change(original, written));

    [Fact]
    public void TheSameBytes_AreNoChange_EvenNestedDeeperThanTheTreeReads()
    {
        var deep = new string('[', JsonTextComparer.MaxDepth + 10) + new string(']', JsonTextComparer.MaxDepth + 10);

        Assert.Null(Change(deep, deep));
        Assert.Null(JsonTextComparer.Changes(Encoding.UTF8.GetBytes(deep), Encoding.UTF8.GetBytes(deep)).Form);
        // Other text that deep still cannot be compared node by node.
        Assert.ThrowsAny<JsonException>(() => Change(deep, deep.Replace("[]", "[1]", StringComparison.Ordinal)));
    }

    [Theory]
    [InlineData("""{"n":30}""", """{"n":30.0}""", "$.n: integer 30 written as 30.0 (floating-point notation)")]
    [InlineData("""{"n":1e2}""", """{"n":100}""", "$.n: 1e2 written as 100 (same value, other notation)")]
    [InlineData("""{"s":"caf\u00e9"}""", """{"s":"café"}""", "$.s: escaped differently: \"caf\\u00e9\" written as \"café\"")]
    [InlineData("""{"a":1,"b":2}""", """{"b":2,"a":1}""", "$: property order changed: a, b became b, a")]
    public void SameData_OtherForm_IsAFormChange(string original, string written, string expected)
    {
        var change = Change(original, written);

        Assert.NotNull(change);
        Assert.Equal(JsonChangeKind.Form, change.Kind);
        Assert.Equal(expected, change.ToString());
    }

    [Theory]
    [InlineData("""{"n":0.1}""", """{"n":0.2}""", "$.n: 0.1 became 0.2 (value changed)")]
    [InlineData("""{"n":3.14159265358979323846}""", """{"n":3.141592653589793}""", "(precision lost: more significant digits than a double holds; from the 17th significant digit on, 23846 became 00000)")]
    [InlineData("""{"n":12345678901234567890}""", """{"n":1.2345678901234567E+19}""", "(a big integer lost precision: an integer beyond ±(2^53 - 1); from the 18th significant digit on, 89 became 00)")]
    [InlineData("""{"n":-0.0}""", """{"n":0.0}""", "(the sign of zero was lost)")]
    [InlineData("""{"n":1e400}""", """{"n":Infinity}""", "")]
    [InlineData("""{"a":1,"a":2}""", """{"a":2}""", "$.a: duplicate key written 2 times in the original, 1 in the output (kept the last value)")]
    [InlineData("""{"a":1,"a":2}""", """{"a":1}""", "(kept the first value)")]
    [InlineData("""{"a":1}""", """{}""", "$.a: missing")]
    [InlineData("""["x"]""", """["y"]""", "$[0]: \"x\" became \"y\"")]
    [InlineData("""["\ud800"]""", """["\ufffd"]""", "not valid UTF-16: a lone surrogate")]
    [InlineData("""[1,2]""", """[1]""", "$: 2 elements became 1")]
    [InlineData("""{"ok":true}""", """{"ok":false}""", "$.ok: true became false")]
    public void ChangedData_IsADataChange_NamedForWhatHappened(string original, string written, string expected)
    {
        JsonChange? change;
        try
        {
            change = Change(original, written);
        }
        catch (JsonException)
        {
            // "Infinity" is not JSON: a library that writes it wrote something no parser reads back.
            Assert.Contains("Infinity", written, StringComparison.Ordinal);
            return;
        }

        Assert.NotNull(change);
        Assert.Equal(JsonChangeKind.Data, change.Kind);
        Assert.Contains(expected, change.ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("""[-65.613616999999977]""", """[-65.61361699999998]""", "$[0]: -65.613616999999977 written as -65.61361699999998 (number text changed, same double)")]
    [InlineData("""[0.1]""", """[0.1000000000000000055511151231257827]""", "$[0]: 0.1 written as 0.1000000000000000055511151231257827 (number text changed, same double)")]
    [InlineData("""[9007199254740992]""", """[9.007199254740992E+15]""", "$[0]: integer 9007199254740992 written as 9.007199254740992E+15 (floating-point notation)")]
    public void SameDouble_OtherText_IsAFormChange(string original, string written, string expected)
    {
        var change = Change(original, written);

        Assert.Equal((JsonChangeKind.Form, expected), (change?.Kind, change?.ToString()));
    }

    [Theory]
    [InlineData("""[1.0000000000000000001]""", """[1]""",
        "$[0]: 1.0000000000000000001 became 1 (precision lost: more significant digits than a double holds; from the 20th significant digit on, 1 became 0)")]
    [InlineData("""[1234567890123456789012345]""", """[1.2345678901234568E+24]""",
        "$[0]: 1234567890123456789012345 became 1.2345678901234568E+24 (a big integer lost precision: an integer beyond ±(2^53 - 1); from the 17th significant digit on, 789012345 became 800000000)")]
    [InlineData("""[9007199254740993]""", """[9007199254740992]""",
        "$[0]: 9007199254740993 became 9007199254740992 (a big integer lost precision: an integer beyond ±(2^53 - 1); from the 16th significant digit on, 3 became 2)")]
    [InlineData("""[-0]""", """[0]""", "$[0]: -0 became 0 (the sign of zero was lost)")]
    public void SameDouble_FromTextADoubleCannotHold_IsADataChange_NamingTheLostDigits(string original, string written, string expected)
    {
        var change = Change(original, written);

        Assert.Equal((JsonChangeKind.Data, expected), (change?.Kind, change?.ToString()));
    }

    [Fact]
    public void BeyondDouble_IsNamed()
    {
        var change = Change("""[1e400]""", """[1.7976931348623157E+308]""");

        Assert.Equal("$[0]: 1e400 became 1.7976931348623157E+308 (beyond the range of double)", change?.ToString());
    }

    // Read in step where the texts line up, by trees where they part: the same change either way, in the tree's order.
    [Theory]
    [InlineData("""{"\u0061":{"n":1e2}}""", """{"a":{"n":100}}""", "$.a.n: 1e2 written as 100 (same value, other notation)")]
    [InlineData("""{"\u0061":1,"b":1e2}""", """{"a":1,"b":100}""", "$.a: property name escaped differently: \"\\u0061\" written as \"a\"")]
    [InlineData("""[{"x":[1,2,"caf\u00e9"]}]""", """[ {"x":[1,2,"café"]} ]""", "$[0].x[2]: escaped differently: \"caf\\u00e9\" written as \"café\"")]
    [InlineData("""{"a":"caf\u00e9","b":1,"c":2}""", """{"a":"café","c":2,"b":1}""", "$.a: escaped differently: \"caf\\u00e9\" written as \"café\"")]
    public void AFormChange_IsNamedWhereTheTreeWouldNameIt(string original, string written, string expected)
    {
        var change = Change(original, written);

        Assert.Equal((JsonChangeKind.Form, expected), (change?.Kind, change?.ToString()));
        Assert.Equal(expected, JsonTextComparer.Changes(Encoding.UTF8.GetBytes(original), Encoding.UTF8.GetBytes(written)).Form?.ToString());
    }

    [Fact]
    public void ADataChange_AfterManyFormChanges_IsFound()
    {
        var original = "[" + string.Join(",", Enumerable.Range(0, 5000).Select(i => $$"""{"n":{{i}}.0,"s":"\u00e9"}""")) + "]";
        var written = original.Replace(".0,", ",", StringComparison.Ordinal).Replace("\\u00e9", "é", StringComparison.Ordinal).Replace("\"n\":4999,", "\"n\":4998,", StringComparison.Ordinal);

        var change = Change(original, written);

        Assert.Equal((JsonChangeKind.Data, "$[4999].n"), (change?.Kind, change?.Path));
    }

    [Fact]
    public void DataChange_WinsOverAnEarlierFormChange()
    {
        var change = Change("""{"a":30,"b":"x"}""", """{"a":30.0,"b":"y"}""");

        Assert.Equal(JsonChangeKind.Data, change?.Kind);
        Assert.Equal("$.b", change?.Path);
    }

    [Fact]
    public void NamesThatAreNotIdentifiers_AreQuotedInThePath()
    {
        var change = Change("""{"a b":{"x.y":1}}""", """{"a b":{"x.y":2}}""");

        Assert.Equal("$[\"a b\"][\"x.y\"]", change?.Path);
    }

    [Theory]
    [InlineData("{\"a\":1,}")]
    [InlineData("[1] [2]")]
    [InlineData("")]
    [InlineData("// c\n[1]")]
    public void NotStrictJson_Throws(string text) =>
        Assert.ThrowsAny<JsonException>(() => JsonTextComparer.Parse(Encoding.UTF8.GetBytes(text)));

    [Fact]
    public void NestingBeyondTheLimit_Throws()
    {
        var deep = new string('[', JsonTextComparer.MaxDepth + 1) + new string(']', JsonTextComparer.MaxDepth + 1);

        Assert.ThrowsAny<JsonException>(() => JsonTextComparer.Parse(Encoding.UTF8.GetBytes(deep)));
    }

    [Fact]
    public void Changes_LookPastDataChanges_ForTheFirstFormChange()
    {
        var original = Encoding.UTF8.GetBytes("""{"a":null,"b":[1,2],"c":"x&y"}""");
        var written = Encoding.UTF8.GetBytes("""{"b":[1,3],"c":"x\u0026y"}""");

        Assert.Equal(JsonChangeKind.Data, JsonTextComparer.FirstChange(original, written)?.Kind);
        // The first data change is the one FirstChange stops at: a member's, before its values'.
        Assert.Equal(JsonTextComparer.FirstChange(original, written), JsonTextComparer.Changes(original, written).Data);
        Assert.Equal("$.c: escaped differently: \"x&y\" written as \"x\\u0026y\"", JsonTextComparer.Changes(original, written).Form?.ToString());
        Assert.Null(JsonTextComparer.Changes(original, Encoding.UTF8.GetBytes("""{"b":[1,3],"c":"x&y"}""")).Form);
    }
}
