using System.Buffers;
using System.Text;
using System.Text.Json.Serialization;
using SerBench.Core.Files;

namespace SerBench.Core.Conformance;

/// <summary>A document of the matrix as the reports describe it; <paramref name="Source"/> is <c>built-in</c> or the user's file.</summary>
internal sealed record DocumentInfo(string Name, string Source, string? Description, long Bytes, string Preview, bool Valid, string? Problem, IReadOnlyList<string> Leeway)
{
    [JsonIgnore]
    public bool MayAccept => Valid || Leeway.Count > 0;

    [JsonIgnore]
    public bool MayReject => !Valid || Leeway.Count > 0;

    /// <summary>A user's <c>i_</c> file: reading it (unchanged or not) and refusing it are all right, as JSONTestSuite means them.</summary>
    [JsonIgnore]
    public bool EitherOutcomeIsRight => Source != ConformanceDocument.BuiltInSource && Name.StartsWith("i_", StringComparison.Ordinal);

    /// <summary>What a summary counts it in: <c>built-in</c>, or the user's folder and the file's kind (<c>test_parsing · y_</c>).</summary>
    [JsonIgnore]
    public string Group => Source == ConformanceDocument.BuiltInSource
        ? "built-in"
        : $"{Path.GetFileName(Path.GetDirectoryName(Source))} · {(Name.Length > 2 && Name[1] == '_' && Name[0] is 'y' or 'n' or 'i' ? Name[..2] : "other")}";

    public string Expectation => (Valid, Leeway.Count > 0) switch
    {
        (true, false) => "valid",
        (true, true) => "valid, may refuse",
        (false, false) => "invalid",
        (false, true) => "invalid, may read",
    };
}

/// <summary>One document to put through every library: its exact bytes, a byte order mark included.</summary>
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

    public byte[] Utf8 { get; }

    /// <summary>What a library that reads the document should write back (after a byte order mark); null when it should refuse it.</summary>
    public byte[]? Content { get; }

    /// <summary><paramref name="extraLeeway"/> adds what the user declared.</summary>
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
    /// The start of a text, invisible characters as <c>⟨U+XXXX⟩</c> and bytes that are not UTF-8 as <c>⟨0xFF⟩</c>; escapes
    /// stay as written, so <c>\u0000</c> and a raw NUL (<c>⟨U+0000⟩</c>) look different.
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
