namespace SerBench.Core.Measurement;

/// <summary>
/// Runtime settings each measuring process starts with (first-call processes keep the runtime's defaults). They change
/// when code is promoted to tier 1, not the promoted code, and results.json records them (docs/performance.md#the-method).
/// </summary>
internal static class MeasuringKnobs
{
    // The call-counting delay holds promotion back while start-up keeps compiling new code (1 s on one core) and sends no event the warm-up could wait for.
    public static IReadOnlyDictionary<string, string> Values { get; } = new SortedDictionary<string, string>(StringComparer.Ordinal)
    {
        ["DOTNET_TC_CallCountingDelayMs"] = "0",
        // 300 calls, not 30: code BenchmarkDotNet runs once or twice a cell stays at tier 0 instead of recompiling beside the measured iterations (half the JIT time).
        ["DOTNET_TC_CallCountThreshold"] = "300",
    };

    /// <summary>The knobs a measuring process gets: these, except where the user's environment already sets one.</summary>
    public static IEnumerable<KeyValuePair<string, string>> ToSet() =>
        Values.Where(k => string.IsNullOrEmpty(System.Environment.GetEnvironmentVariable(k.Key)));

    /// <summary>The knobs the user's environment sets to another value than these, which the run warns about.</summary>
    public static IEnumerable<(string Name, string Ours, string Theirs)> Overridden() =>
        from knob in Values
        let theirs = System.Environment.GetEnvironmentVariable(knob.Key)
        where !string.IsNullOrEmpty(theirs) && theirs != knob.Value
        select (knob.Key, knob.Value, theirs);
}
