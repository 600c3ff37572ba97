namespace SerBench.Core.Measurement;

/// <summary>What a cell's time is read from (<c>--clock</c>).</summary>
internal enum MeasurementClock
{
    Wall,

    /// <summary>Linux and macOS only (<see cref="CpuTimeClock"/>).</summary>
    Cpu,
}

internal static class MeasurementClocks
{
    // Wall, as BenchmarkDotNet's default job: CPU time did not move cells less under a busy neighbour (docs/performance.md).
    public static MeasurementClock Default => MeasurementClock.Wall;

    public static string Name(MeasurementClock clock) => clock == MeasurementClock.Cpu ? "cpu" : "wall";

    public static MeasurementClock? Parse(string? name) => name switch
    {
        "cpu" => MeasurementClock.Cpu,
        "wall" => MeasurementClock.Wall,
        _ => null,
    };

    public static string Describe(string? name) => name switch
    {
        "cpu" => "CPU time of the measuring process (clock_gettime CLOCK_PROCESS_CPUTIME_ID, all its threads): time it waited for a core " +
                 "that another program or the hypervisor had is not counted",
        "wall" => "wall-clock time (BenchmarkDotNet's default clock): everything that happened meanwhile on the machine is counted",
        _ => "wall-clock time (this file does not record its clock; SerBench used no other before --clock)",
    };
}
