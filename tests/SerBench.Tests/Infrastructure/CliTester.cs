using SerBench.Cli;
using SerBench.Reports;

namespace SerBench.Tests.Infrastructure;

/// <summary>Runs the CLI in-process and captures what a user would see.</summary>
internal static class CliTester
{
    public static (int ExitCode, string Output, string Error) Run(params string[] args) => Run(null, args);

    /// <summary>As <see cref="Run(string[])"/>, without starting Node.js for chart images: for tests that run many reports.</summary>
    public static (int ExitCode, string Output, string Error) RunWithoutChartImages(params string[] args) => Run(NoChartImages.Instance, args);

    /// <summary>As <see cref="Run(string[])"/>, with <paramref name="chartImages"/> drawing (or failing to draw) the chart images.</summary>
    public static (int ExitCode, string Output, string Error) Run(IChartImageRenderer? chartImages, params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var exitCode = CliApp.Run(args, output, error, chartImages: chartImages);
        return (exitCode, output.ToString(), error.ToString());
    }
}
