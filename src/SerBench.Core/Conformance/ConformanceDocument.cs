using System.Buffers;
using System.Text;
using System.Text.Json.Serialization;
using SerBench.Core.Files;

namespace SerBench.Core.Conformance;

/// <summary>A document of the matrix as the reports describe it: where it comes from, what it holds, what RFC 8259 says about it.</summary>
/// <param name="Name">Its row label: a built-in document's short name, or a user's file name.</param>
/// <param name="Source"><c>built-in</c>, or the path of the user's file.</param>
/// <param name="Description">What it tests (built-in documents); null for a user's file.</param>
/// <param name="Bytes">Its length in bytes.</param>
/// <param name="Preview">Its start, with invisible characters and bytes that are not UTF-8 shown as <c>⟨U+2028⟩</c>, <c>⟨0xFF⟩</c>.</param>
/// <param name="Valid">Whether RFC 8259 makes it a JSON text.</param>
/// <param name="Problem">Why it is not one: line, column and what is wrong; null when it is.</param>
/// <param name="Leeway">What makes the other outcome right too (see <see cref="RfcCheck.Leeway"/>).</param>
internal sealed record DocumentInfo(string Name, string Source, string? Description, long Bytes, string Preview, bool Valid, string? Problem, IReadOnlyList<string> Leeway)
{
    /// <summary>Reading the document is right: it is JSON, or the RFC lets a parser read it.</summary>
    [JsonIgnore]
    public bool MayAccept => Valid || Leeway.Count > 0;

    /// <summary>Refusing the document is right: it is not JSON, or the RFC lets a parser refuse it.</summary>
    [JsonIgnore]
    public bool MayReject => !Valid || Leeway.Count > 0;

    /// <summary>A user's <c>i_</c> file: reading it (unchanged or not) and refusing it are all right, as JSONTestSuite means them.</summary>
    [JsonIgnore]
    public bool EitherOutcomeIsRight => Source != ConformanceDocument.BuiltInSource && Name.StartsWith("i_", StringComparison.Ordinal);

    /// <summary>
    /// The group a summary counts the document in: <c>built-in</c>, or the user's folder and the file's kind
    /// (<c>test_parsing · y_</c>, <c>· n_</c>, <c>· i_</c>, or <c>· other</c> for a name without those prefixes).
    /// </summary>
    [JsonIgnore]
    public string Group => Source == ConformanceDocument.BuiltInSource
        ? "built-in"
        : $"{Path.GetFileName(Path.GetDirectoryName(Source))} · {(Name.Length > 2 && Name[1] == '_' && Name[0] is 'y' or 'n' or 'i' ? Name[..2] : "other")}";

    /// <summary>What a reader expects of a parser, in a few words: <c>valid</c>, <c>invalid</c>, <c>valid, may refuse</c>, <c>invalid, may read</c>.</summary>
    public string Expectation => (Valid, Leeway.Count > 0) switch
    {
        (true, false) => "valid",
        (true, true) => "valid, may refuse",
        (false, false) => "invalid",
        (false, true) => "invalid, may read",
    };
}

/// <summary>One document to put through every library: its exact bytes (a byte order mark included) and what RFC 8259 says of them.</summary>
internal sealed class ConformanceDocument
{
    public const string BuiltInSource = "built-in";

    private const int PreviewLength = 60;

    private ConformanceDocument(DocumentInfo info, byte[] utf8, byte[]? content)
    {
        Info = info;
        Utf8 = utf8;
        Content = content;
    }

    public DocumentInfo Info { get; }

    public string Name => Info.Name;

    /// <summary>The bytes every library is given, unchanged.</summary>
    public byte[] Utf8 { get; }

    /// <summary>
    /// The JSON text a library that reads the document should write back: the document itself when valid, the text after
    /// a byte order mark when only the mark makes it invalid; null when there is none (the library should have refused it).
    /// </summary>
    public byte[]? Content { get; }

    /// <summary>Judges <paramref name="utf8"/> with <see cref="Rfc8259"/>; <paramref name="extraLeeway"/> adds what the user declared.</summary>
    public static ConformanceDocument Create(string name, string source, string? description, byte[] utf8, string? extraLeeway = null)
    {
        var check = Rfc8259.Check(utf8);
        var content = check.Valid ? utf8
            : utf8.AsSpan().StartsWith("\uFEFF"u8) && Rfc8259.Check(utf8.AsSpan(3)).Valid ? utf8[3..]
            : null;
        IReadOnlyList<string> leeway = extraLeeway is null ? check.Leeway : [.. check.Leeway, extraLeeway];
        return new ConformanceDocument(new DocumentInfo(name, source, description, utf8.LongLength, Preview(utf8), check.Valid, check.Problem, leeway), utf8, content);
    }

    /// <summary>
    /// The start of a text for a report: printable characters as they are; control and format characters (U+2028, a byte
    /// order mark…), noncharacters (U+FFFF) and unassigned code points as <c>⟨U+XXXX⟩</c>; bytes that are not UTF-8 as <c>⟨0xFF⟩</c>. Escapes in the text stay as written, so
    /// <c>\u0000</c> (six characters) and a raw NUL (<c>⟨U+0000⟩</c>) look different.
    /// </summary>
    public static string Preview(ReadOnlySpan<byte> utf8, int length = PreviewLength)
    {
        var preview = new StringBuilder();
        var characters = 0;
        while (!utf8.IsEmpty)
        {
            if (characters == length)
            {
                return preview.Append('…').ToString();
            }

            if (Rune.DecodeFromUtf8(utf8, out var rune, out var consumed) != OperationStatus.Done)
            {
                preview.Append($"⟨0x{utf8[0]:X2}⟩");
                utf8 = utf8[1..];
            }
            else
            {
                InvisibleText.Append(preview, rune);
                utf8 = utf8[consumed..];
            }

            characters++;
        }

        return preview.ToString();
    }

    public override string ToString() => $"{Name} ({Info.Expectation})";
}
