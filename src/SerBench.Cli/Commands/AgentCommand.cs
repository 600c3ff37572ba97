using System.CommandLine;
using SerBench.Core.Agents;

namespace SerBench.Cli.Commands;

/// <summary>Hidden: the child side of the agent protocol, <see cref="AgentProgram"/>'s work, the same entry point the measuring agent starts at.</summary>
internal static class AgentCommand
{
    public static Command Create(CliContext context)
    {
        var requestFile = new Argument<string>("request") { Description = "The request.txt SerBench wrote for this child." };
        var command = new Command(AgentProgram.Command, "Run one request from SerBench in this process (used by SerBench itself).") { requestFile };
        command.Hidden = true;
        command.SetAction(parse => AgentProgram.Run([AgentProgram.Command, parse.GetValue(requestFile)!], context.Output, context.Error));
        return command;
    }
}
