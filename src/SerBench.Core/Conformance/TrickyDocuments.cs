using System.Globalization;
using System.Text;

namespace SerBench.Core.Conformance;

/// <summary>Where JSON parsers and writers are known to differ; a test checks that <see cref="Rfc8259"/> agrees with each Valid.</summary>
internal static class TrickyDocuments
{
    /// <summary>Far past every default limit, and deep enough to overflow the stack of a recursive parser without one.</summary>
    public const int DeepNesting = 100_000;

    public sealed record Declared(string Name, string Description, byte[] Utf8, bool Valid);

    public static IReadOnlyList<Declared> All { get; } =
    [
        Text("surrogate-pair", "an emoji as an escaped surrogate pair and as raw UTF-8", """["\uD83D\uDE00 = 😀"]""", valid: true),
        Text("lone-surrogate", "an escaped high surrogate with no low one: valid JSON, not valid UTF-16", """["\uD800"]""", valid: true),
        Text("line-separators", "raw U+2028 and U+2029: valid JSON, line breaks in JavaScript before ES2019", "[\"a\u2028b\u2029c\"]", valid: true),
        Text("script-tag", "</script> and <!-- in a string: harmless in JSON, dangerous inside an HTML <script>", """{"html":"</script><script>alert(1)</script><!--"}""", valid: true),
        Text("nul-escaped", "NUL escaped as \\u0000", """["a\u0000b"]""", valid: true),
        Text("nul-raw", "a raw NUL byte inside a string", "[\"a\0b\"]", valid: false),
        Text("controls-escaped", "control characters escaped: \\u0001, \\u001f and the short forms", """["\u0001\u001f\b\f\n\r\t"]""", valid: true),
        Text("controls-raw", "a raw tab inside a string", "[\"a\tb\"]", valid: false),
        Text("deep-nesting", DeepNesting.ToString("N0", CultureInfo.InvariantCulture) + " nested arrays", new string('[', DeepNesting) + new string(']', DeepNesting), valid: true),
        Text("big-integer", "an integer of 29 digits, beyond 64 bits", "[12345678901234567890123456789]", valid: true),
        Text("huge-number", "1e400, beyond the range of a double", "[1e400]", valid: true),
        Text("tiny-numbers", "the smallest double, and 1e-400, below it", "[5e-324,1e-400]", valid: true),
        Text("long-decimal", "0.1, and pi to 31 significant digits", "[0.1,3.141592653589793238462643383279]", valid: true),
        Text("negative-zero", "-0 written as an integer and as a decimal", "[-0,-0.0]", valid: true),
        Text("duplicate-keys", "one name twice in an object", """{"a":1,"a":2}""", valid: true),
        Text("top-level-string", "a string as the whole document (JSON texts since RFC 7159)", "\"just a string\"", valid: true),
        new("bom", "a UTF-8 byte order mark before the value", [0xEF, 0xBB, 0xBF, .. """{"a":1}"""u8], Valid: false),
        Text("trailing-comma-array", "a comma after the last element", "[1,2,]", valid: false),
        Text("trailing-comma-object", "a comma after the last member", """{"a":1,}""", valid: false),
        Text("line-comment", "a // comment", "[1 // one\n]", valid: false),
        Text("block-comment", "a /* */ comment before the value", "/* c */ [1]", valid: false),
        Text("single-quotes", "a name and a string in single quotes", "{'a':'b'}", valid: false),
        Text("nan", "NaN, which JavaScript has and JSON does not", "[NaN]", valid: false),
        Text("leading-zero", "a number with a leading zero", "[01]", valid: false),
        Text("two-values", "two documents in one text", "{} {}", valid: false),
        Text("empty", "no value at all", "", valid: false),
        new("invalid-utf8", "a byte that is not UTF-8 (0xFF) inside a string", [(byte)'[', (byte)'"', 0xFF, (byte)'"', (byte)']'], Valid: false),
    ];

    public static IReadOnlyList<ConformanceDocument> Documents { get; } =
        [.. All.Select(d => ConformanceDocument.Create(d.Name, ConformanceDocument.BuiltInSource, d.Description, d.Utf8))];

    private static Declared Text(string name, string description, string text, bool valid) => new(name, description, Encoding.UTF8.GetBytes(text), valid);
}
