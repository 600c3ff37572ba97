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
    public static string Name(Compressions set) => set == Compressions.None ? "none" : string.Join(',', set.Chosen.Select(c => c.Name));

    /// <summary>Null for anything but <c>none</c> alone or a comma-separated list of names (any case).</summary>
    public static Compressions? TryParse(string text)
    {
        var names = text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (names is [var only] && only.Equals("none", StringComparison.OrdinalIgnoreCase))
        {
            return Compressions.None;
        }

        var indexes = names.Select(n => Compressor.All.Select(c => c.Name).ToList().FindIndex(known => known.Equals(n, StringComparison.OrdinalIgnoreCase))).ToList();
        return names.Length == 0 || indexes.Contains(-1) ? null : new Compressions(indexes.Aggregate(0, (mask, index) => mask | (1 << index)));
    }
}
