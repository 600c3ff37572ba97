using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli.Commands;

/// <summary>
/// The <c>--out</c> folder of the commands that write a results.json (<c>run</c>, <c>merge</c>): one rule for refusing
/// a folder that holds an earlier run, and one meaning of <c>--force</c>.
/// </summary>
internal static class ResultsFolder
{
    /// <summary>Refuses a folder that holds an earlier run's results, unless <paramref name="force"/>.</summary>
    public static void CheckFree(string directory, bool force)
    {
        if (OutputFolder.HoldsRunOutput(directory) && !force)
        {
            throw new UsageException($"Output folder '{directory}' already holds results from an earlier run. Choose a new folder with --out DIR, " +
                                     "or add --force to replace them (only what SerBench wrote there is deleted).");
        }
    }

    /// <summary>Creates results.json in <paramref name="directory"/> (already checked by <see cref="CheckFree"/>), clearing the earlier run's files first when forced.</summary>
    public static ResultsStore Open(string directory, ResultsDocument document, bool force)
    {
        try
        {
            if (force)
            {
                OutputFolder.ClearRunOutput(directory);
            }

            return ResultsStore.Create(directory, document);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"Cannot write to output folder '{directory}': {exception.Message} Choose another with --out DIR.");
        }
    }
}
