using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Cli.Commands;

internal static class ResultsFolder
{
    // Recorded at once, so even a killed command leaves it marked as SerBench's.
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

    public static string ReportsNotWritten(string results, string resultsPath, string why, string command) =>
        $"serbench: {results} kept in {resultsPath}, but the reports {why} Write them with '{command}'.";
}
