using SerBench.Core.Measurement;
using SerBench.Core.Results;

namespace SerBench.Core.Running;

/// <summary>
/// One child's round of one cell: the cell as that child described and gated it (no figures), what the round measured
/// when it was timed, and its seconds. The parent combines a cell's rounds into its <see cref="ResultCell"/> (RoundedCell).
/// </summary>
internal sealed record CellRound(ResultCell Described, CellMeasurement? Measured = null, double? Seconds = null)
{
    /// <summary>The one place figures become a results row: this round's own, or the combined figures of its cell's rounds.</summary>
    public ResultCell Row(double targetRelativeError, CellMeasurement? combined = null) => (combined ?? Measured) is not { } figures
        ? Described with { Seconds = Seconds }
        : Described with
        {
            MeanNs = figures.MeanNs,
            ErrorNs = figures.ErrorNs,
            StdDevNs = figures.StdDevNs,
            MedianNs = figures.MedianNs,
            AllocatedBytes = figures.AllocatedBytes,
            Gen0 = figures.Gen0,
            Gen1 = figures.Gen1,
            Gen2 = figures.Gen2,
            Noisy = figures.MeanNs > 0 && figures.ErrorNs / figures.MeanNs > targetRelativeError,
            IterationsNs = figures.IterationsNs,
            Seconds = Seconds,
        };
}
