using SerBench.Running;

namespace SerBench.Sizes;

/// <summary>
/// The compressors a run measures sizes and compress times with (<c>--compressions</c>; all four by default). Each one
/// left out saves its six compressions of the output (one for the size, five timed) per case and round.
/// </summary>
[Flags]
public enum Compressions
{
    None = 0,
    Gzip = 1,
    Brotli = 2,
    Zstd = 4,
    Lz4 = 8,
    All = Gzip | Brotli | Zstd | Lz4,
}

/// <summary>The one text form of <see cref="Compressions"/>: the option's names, also used in the agent request.</summary>
public static class CompressionNames
{
    private static readonly (string Name, Compressions Value)[] Known =
        [("gzip", Compressions.Gzip), ("brotli", Compressions.Brotli), ("zstd", Compressions.Zstd), ("lz4", Compressions.Lz4)];

    private const string Choices = "gzip, brotli, zstd, lz4, or none alone";

    /// <summary>"gzip,zstd", or "none".</summary>
    public static string Name(Compressions set) =>
        set == Compressions.None ? "none" : string.Join(',', Known.Where(k => set.HasFlag(k.Value)).Select(k => k.Name));

    /// <summary>Reads a comma-separated list (any case); <see cref="UsageException"/> with a one-line reason for anything else.</summary>
    public static Compressions Parse(string text)
    {
        var names = text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (names.Length == 0)
        {
            throw new UsageException($"--compressions: no compressor given. Choose from {Choices}, e.g. --compressions gzip,zstd.");
        }

        if (names.Any(n => n.Equals("none", StringComparison.OrdinalIgnoreCase)))
        {
            return names.Length == 1 ? Compressions.None
                : throw new UsageException("--compressions: 'none' cannot be combined with compressors. Give none alone, or a list such as gzip,zstd.");
        }

        var chosen = Compressions.None;
        foreach (var name in names)
        {
            var known = Known.FirstOrDefault(k => k.Name.Equals(name, StringComparison.OrdinalIgnoreCase));
            if (known.Name is null)
            {
                throw new UsageException($"--compressions: unknown compressor '{name}'. Choose from {Choices}, e.g. --compressions gzip,zstd.");
            }

            chosen |= known.Value;
        }

        return chosen;
    }
}
