using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Cli.Commands;

/// <summary>The results.json of the commands that write one (<c>run</c>, <c>merge</c>), in a folder taken by <see cref="OutputFolderClaim"/>.</summary>
internal static class ResultsFolder
{
    /// <summary>Creates results.json and records it at once, so even a killed command leaves it marked as SerBench's.</summary>
    public static ResultsStore Open(OutputFolderClaim folder, ResultsDocument document)
    {
        try
        {
            var store = ResultsStore.Create(folder.Directory, document);
            folder.Commit();
            return store;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw OutputFolderClaim.CannotWrite(folder.Directory, exception);
        }
    }

    /// <summary>The one line for results kept without their reports: why, and the command that writes them.</summary>
    public static string ReportsNotWritten(string results, string resultsPath, string why, string command) =>
        $"serbench: {results} kept in {resultsPath}, but the reports {why} Write them with '{command}'.";
}
