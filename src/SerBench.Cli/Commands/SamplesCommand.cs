using System.CommandLine;
using System.Globalization;
using SerBench.Core.Running;
using SerBench.Core.UserData;

namespace SerBench.Cli.Commands;

internal static class SamplesCommand
{
    public static Command Create(CliContext context)
    {
        var output = new Option<string>("--out") { Description = "Folder to write timeline.json, catalogue.json and geo.json into (created; must not hold them already).", Required = true };
        var size = new Option<string?>("--size") { Description = "Approximate size of each document, e.g. 500KB or 2MB (default 1MB, at most 64MB)." };
        var command = new Command("samples", "Write sample documents (a social timeline, a deep product catalogue, GeoJSON-like coordinates) to try 'run --data' on.");
        command.Options.Add(output);
        command.Options.Add(size);
        command.SetAction(parse =>
        {
            var bytes = ParseSize(parse.GetValue(size) ?? "1MB");
            var directory = Path.GetFullPath(parse.GetValue(output)!);
            var paths = SampleDataSets.Names.Select(name => Path.Combine(directory, name + ".json")).ToList();
            if (paths.FirstOrDefault(File.Exists) is { } existing)
            {
                throw new UsageException($"--out: {existing} already exists; choose an empty or new folder.");
            }

            Directory.CreateDirectory(directory);
            foreach (var (name, path) in SampleDataSets.Names.Zip(paths))
            {
                var document = SampleDataSets.Create(name, bytes);
                File.WriteAllBytes(path, document);
                context.Output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{path}: {document.Length:N0} bytes"));
            }

            context.Output.WriteLine($"Measure them with: serbench run --data {directory}");
            return CliApp.ExitOk;
        });
        return command;
    }

    private static int ParseSize(string text)
    {
        var units = new[] { ("MB", 1_000_000), ("KB", 1_000), ("B", 1) };
        foreach (var (unit, factor) in units)
        {
            if (text.EndsWith(unit, StringComparison.OrdinalIgnoreCase)
                && double.TryParse(text[..^unit.Length], NumberStyles.Float, CultureInfo.InvariantCulture, out var value)
                && value * factor is >= 1_000 and <= 64_000_000)
            {
                return (int)(value * factor);
            }
        }

        throw new UsageException($"Invalid --size '{text}'. Give a size from 1KB to 64MB, e.g. --size 500KB or --size 2MB.");
    }
}
