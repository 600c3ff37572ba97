namespace SerBench.Core.Running;

/// <summary>Where a run is; the CLI turns this into a progress display.</summary>
/// <param name="Done">Cells finished.</param>
/// <param name="Total">Cells in the plan.</param>
/// <param name="Current">The cell about to run, e.g. <c>web-api · stj-sourcegen-utf8 · person list of 200 · serialize</c>.</param>
/// <param name="EstimatedRemaining">From the mean time of the cells measured so far; null until one has been.</param>
internal sealed record RunProgress(int Done, int Total, string Current, TimeSpan? EstimatedRemaining);

/// <summary>Receives progress from <c>RoundRunner</c> and the agent host; implementations must be cheap.</summary>
internal interface IRunObserver
{
    void CellStarting(RunProgress progress);

    void CellFinished(Results.ResultCell cell, RunProgress progress);
}
