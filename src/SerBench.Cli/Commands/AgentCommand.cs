using System.CommandLine;
using SerBench.Core.Agents;

namespace SerBench.Cli.Commands;

/// <summary>
/// <c>serbench agent PATH/request.txt</c> (hidden): the child side of the agent protocol. SerBench starts it — itself for
/// built-in contenders, the agent built from the packs for pack contenders — and reads the reply.json it writes beside
/// the request. The work is <see cref="AgentProgram"/>'s, the same entry point the measuring agent starts at.
/// </summary>
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
