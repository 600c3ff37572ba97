using System.CommandLine;
using System.CommandLine.Parsing;
using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Cli.Commands;

/// <summary>An alias of <c>run --ops first-call --first-call N</c>, so first calls are timed, stored and reported as a run's are.</summary>
internal static class FirstCallCommand
{
    public static Command Create(CliContext context)
    {
        var common = new CommonOptions();
        var launches = new Option<int>("--launches")
        {
            Description = "Fresh processes per contender and payload (default 5).",
            DefaultValueFactory = _ => 5,
            // Our own message: System.CommandLine's names the .NET type (System.Int32).
            CustomParser = result => RunOptionsParser.FirstCallLaunches(result.Tokens.Single().Value) ?? Fail(result,
                $"Invalid --launches '{result.Tokens.Single().Value}'. Give a whole number of fresh processes from 1 to 100, e.g. --launches 5."),
        };
        var output = new Option<string?>("--out") { Description = "Output folder (default: results/<timestamp>), as for run." };
        var force = new Option<bool>("--force") { Description = "Let --out write where an earlier command or the user wrote, as for run." };
        // Hidden: a script that passes it learns in one line where the cells are.
        var json = new Option<bool>("--json") { Hidden = true };
        var command = new Command("first-call", "Measure the first serialize and deserialize in fresh processes (cold start), per contender and payload.");
        common.AddTo(command);
        command.Options.Add(launches);
        command.Options.Add(output);
        command.Options.Add(force);
        command.Options.Add(json);
        command.SetAction(parse =>
        {
            if (parse.GetValue(json))
            {
                throw new UsageException("first-call has no --json: it writes its cells to results.json in the output folder, as run does (docs/results-format.md).");
            }

            // Every option but --launches has run's name and meaning, so its tokens go to run as they were given.
            var own = parse.GetResult(launches) is { IdentifierToken: { } name } given ? [name, .. given.Tokens] : new List<Token>();
            var forwarded = parse.Tokens.Where(t => t.Type is TokenType.Option or TokenType.Argument && !own.Contains(t, ReferenceEqualityComparer.Instance)).Select(t => t.Value);
            var run = RunCommand.Create(context).Parse([.. forwarded, "--ops", "first-call", "--first-call", parse.GetValue(launches).ToString(System.Globalization.CultureInfo.InvariantCulture)], CliApp.ParserConfiguration());
            return run.Errors.Count > 0
                ? throw new UsageException(run.Errors[0].Message)
                : run.Invoke(new InvocationConfiguration { Output = context.Output, Error = context.Error, EnableDefaultExceptionHandler = false });
        });
        return command;
    }

    private static int Fail(ArgumentResult result, string message)
    {
        result.AddError(message);
        return 0;
    }
}
