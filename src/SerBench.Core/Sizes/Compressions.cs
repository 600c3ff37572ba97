using SerBench.Core.Running;

namespace SerBench.Core.Sizes;

/// <summary>Bit i chooses <see cref="Compressor.All"/>[i]; each one left out saves six compressions per case and round.</summary>
internal sealed record Compressions(int Mask)
{
    public static Compressions None { get; } = new(0);

    public static Compressions All => new((1 << Compressor.All.Count) - 1);

    public IEnumerable<Compressor> Chosen => Compressor.All.Where((_, i) => (Mask >> i & 1) != 0);
}

/// <summary>The one text form of <see cref="Compressions"/>, also used in the agent request.</summary>
internal static class CompressionNames
{
    private static string Choices => string.Join(", ", Compressor.All.Select(c => c.Name)) + ", or none alone";

    public static string Name(Compressions set) => set == Compressions.None ? "none" : string.Join(',', set.Chosen.Select(c => c.Name));

    /// <exception cref="UsageException">Anything but a comma-separated list of names (any case).</exception>
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

        var mask = 0;
        foreach (var name in names)
        {
            var index = Compressor.All.Select(c => c.Name).ToList().FindIndex(n => n.Equals(name, StringComparison.OrdinalIgnoreCase));
            mask |= index >= 0 ? 1 << index
                : throw new UsageException($"--compressions: unknown compressor '{name}'. Choose from {Choices}, e.g. --compressions gzip,zstd.");
        }

        return new Compressions(mask);
    }
}
