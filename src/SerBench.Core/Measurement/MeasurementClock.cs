namespace SerBench.Core.Measurement;

/// <summary>What a cell's time is read from (<c>--clock</c>).</summary>
internal enum MeasurementClock
{
    /// <summary>Elapsed wall-clock time (BenchmarkDotNet's own default clock): everything that happened meanwhile is counted. The default.</summary>
    Wall,

    /// <summary>
    /// The CPU time of the measuring process (<see cref="CpuTimeClock"/>): time the process spent waiting for a core
    /// that another program or the hypervisor had is not counted. Linux and macOS only.
    /// </summary>
    Cpu,
}

/// <summary>Names and descriptions of <see cref="MeasurementClock"/>, as the command line and results.json spell them.</summary>
internal static class MeasurementClocks
{
    /// <summary>
    /// The clock a profile uses unless told otherwise: the wall clock, as BenchmarkDotNet's default job, so that SerBench's
    /// figures stay comparable with it. CPU time also counts a background GC thread's work, which the wall clock does
    /// not see when it runs on another core, and on the machine SerBench is developed on it did not move cells less
    /// under a competing busy process (docs/performance.md).
    /// </summary>
    public static MeasurementClock Default => MeasurementClock.Wall;

    public static string Name(MeasurementClock clock) => clock == MeasurementClock.Cpu ? "cpu" : "wall";

    public static MeasurementClock? Parse(string? name) => name switch
    {
        "cpu" => MeasurementClock.Cpu,
        "wall" => MeasurementClock.Wall,
        _ => null,
    };

    /// <summary>One sentence for reports: what the times mean.</summary>
    public static string Describe(string? name) => name switch
    {
        "cpu" => "CPU time of the measuring process (clock_gettime CLOCK_PROCESS_CPUTIME_ID, all its threads): time it waited for a core " +
                 "that another program or the hypervisor had is not counted",
        "wall" => "wall-clock time (BenchmarkDotNet's default clock): everything that happened meanwhile on the machine is counted",
        _ => "wall-clock time (this file does not record its clock; SerBench used no other before --clock)",
    };
}
