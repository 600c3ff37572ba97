namespace SerBench.Core.Results;

/// <summary>How SerBench writes a time: in the unit BenchmarkDotNet would pick, the same in progress lines and reports.</summary>
internal static class TimeUnits
{
    /// <summary>The unit for a value, or for a column whose smallest value is <paramref name="smallestNs"/>.</summary>
    public static (string Unit, double Divisor) For(double smallestNs) => smallestNs switch
    {
        < 1_000 => ("ns", 1),
        < 1_000_000 => ("μs", 1_000),
        < 1_000_000_000 => ("ms", 1_000_000),
        _ => ("s", 1_000_000_000),
    };
}
