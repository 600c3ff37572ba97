using SerBench.Core.Running;
using SerBench.Core.Sizes;

namespace SerBench.Running;

/// <summary><c>--compressions</c>: <see cref="CompressionNames.TryParse"/>, and one line on what is wrong when it refuses.</summary>
internal static class CompressionsOption
{
    private static string Choices => string.Join(", ", Compressor.All.Select(c => c.Name)) + ", or none alone";

    public static Compressions Parse(string text)
    {
        if (CompressionNames.TryParse(text) is { } chosen)
        {
            return chosen;
        }

        var names = text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        var unknown = names.FirstOrDefault(n => !n.Equals("none", StringComparison.OrdinalIgnoreCase) && CompressionNames.TryParse(n) is null);
        throw new UsageException(names.Length == 0 ? $"--compressions: no compressor given. Choose from {Choices}, e.g. --compressions gzip,zstd."
            : unknown is not null ? $"--compressions: unknown compressor '{unknown}'. Choose from {Choices}, e.g. --compressions gzip,zstd."
            : "--compressions: 'none' cannot be combined with compressors. Give none alone, or a list such as gzip,zstd.");
    }
}
