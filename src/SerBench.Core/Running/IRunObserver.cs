namespace SerBench.Core.Running;

/// <summary>Where a run is; the CLI turns this into a progress display.</summary>
internal sealed record RunProgress(int Done, int Total, string Current, TimeSpan? EstimatedRemaining);

/// <summary>Receives progress from <c>RoundRunner</c> and the agent host; implementations must be cheap.</summary>
internal interface IRunObserver
{
    void CellStarting(RunProgress progress);

    void CellFinished(Results.ResultCell cell, RunProgress progress);

    /// <summary>A line about the run itself (its plan), printed once.</summary>
    void Note(string line)
    {
    }
}
