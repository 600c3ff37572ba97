using SerBench.Core.Conformance;

namespace SerBench.Conformance;

/// <summary>Exporters write to a <see cref="TextWriter"/>; the caller owns the file system.</summary>
internal interface IConformanceExporter
{
    string FileName { get; }

    void Export(ConformanceReport report, TextWriter writer);
}

/// <summary>The files <c>serbench conformance</c> writes, and the words every one of them uses for a rating.</summary>
internal static class ConformanceExporters
{
    public static IReadOnlyList<IConformanceExporter> Default { get; } = [new ConformanceJsonExporter(), new ConformanceMarkdownExporter(), new ConformanceHtmlExporter()];

    public static IReadOnlyList<ConformanceRating> Ratings { get; } =
        [ConformanceRating.Right, ConformanceRating.Form, ConformanceRating.Changed, ConformanceRating.Wrong, ConformanceRating.NotRun];

    public static string Meaning(ConformanceRating rating) => rating switch
    {
        ConformanceRating.Right => "right by RFC 8259: a JSON text read and written back unchanged, a text that is not JSON refused, or what the RFC allows",
        ConformanceRating.Form => "read and written back: same data, other form (escapes, number notation, order)",
        ConformanceRating.Changed => "read and written back with other data",
        ConformanceRating.Wrong => "wrong: read a text that is not JSON, refused one the RFC says to read, wrote text that is not JSON, or crashed",
        _ => "not run: the library is unavailable here",
    };

    public static string Key(ConformanceRating rating) => rating == ConformanceRating.NotRun ? "not-run" : rating.ToString().ToLowerInvariant();

    public const string Summary =
        "How each library reads and writes documents where JSON parsers differ: each reads the document into its document model and writes it back; " +
        "what it wrote is compared with the document. Whether a document is JSON is decided by SerBench's own RFC 8259 recognizer, not by any library here.";

    public static string Tally(ConformanceReport report, string contender) =>
        string.Join(", ", Ratings.Select(r => (Rating: r, Count: report.Cells.Count(c => c.Contender == contender && c.Rating == r)))
            .Where(t => t.Count > 0).Select(t => $"{t.Count} {Key(t.Rating)}"));
}

internal sealed class ConformanceJsonExporter : IConformanceExporter
{
    public string FileName => "conformance.json";

    public void Export(ConformanceReport report, TextWriter writer)
    {
        using var stream = new MemoryStream();
        report.Write(stream);
        writer.Write(System.Text.Encoding.UTF8.GetString(stream.ToArray()));
        writer.WriteLine();
    }
}
