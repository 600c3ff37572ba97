using System.Globalization;
using SerBench.Core.Results;
using SerBench.Core.Running;

namespace SerBench.Running;

/// <summary><c>--cells</c>: <c>study/contender/payload/shape/count/operation</c> patterns, any part <c>*</c>, across studies in one run.</summary>
internal sealed class CellSelection
{
    private const string Form = "study/contender/payload/shape/count/operation, any part * (e.g. web-api/*/person/object/1/serialize)";

    private readonly IReadOnlyList<Pattern> _patterns;

    private CellSelection(IReadOnlyList<Pattern> patterns) => _patterns = patterns;

    public static CellSelection Parse(string value) =>
        new([.. NameMatcher.SplitList("--cells", value).Select(ParsePattern)]);

    public bool Keeps(CellKey cell) => _patterns.Any(p => p.Matches(cell));

    public IReadOnlyList<string> Unmatched(IReadOnlyCollection<CellKey> cells) =>
        [.. _patterns.Where(p => !cells.Any(p.Matches)).Select(p => p.Text)];

    private static Pattern ParsePattern(string text)
    {
        var parts = text.Split('/', StringSplitOptions.TrimEntries);
        if (parts.Length != 6 || parts.Any(p => p.Length == 0))
        {
            throw new UsageException($"Invalid --cells item '{text}': give {Form}.");
        }

        int? count = null;
        if (parts[4] != "*")
        {
            if (!int.TryParse(parts[4].Replace("_", "", StringComparison.Ordinal), NumberStyles.AllowThousands, CultureInfo.InvariantCulture, out var n) || n < 1)
            {
                throw new UsageException($"Invalid --cells item '{text}': the count '{parts[4]}' is not a whole number of 1 or more (an object's count is 1); give {Form}.");
            }

            count = n;
        }

        string? Part(int i) => parts[i] == "*" ? null : parts[i];
        return new Pattern(text, Part(0), Part(1), Part(2), Part(3), count, Part(5));
    }

    private sealed record Pattern(string Text, string? Study, string? Contender, string? Payload, string? Shape, int? Count, string? Operation)
    {
        public bool Matches(CellKey cell) =>
            Is(Study, cell.Study) && Is(Contender, cell.Contender) && Is(Payload, cell.Payload) && Is(Shape, CellText.Name(cell.Shape))
            && (Count is null || Count == cell.Count) && Is(Operation, CellText.Name(cell.Operation));

        private static bool Is(string? wanted, string actual) => wanted is null || string.Equals(wanted, actual, StringComparison.OrdinalIgnoreCase);
    }
}
