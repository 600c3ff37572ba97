using SerBench.Cli;
using SerBench.Core.Agents;

// A child goes straight to the agent's entry point, as the measuring agent does, so first calls are timed after the same code in both.
return args is [AgentProgram.Command, ..] ? AgentProgram.Main(args) : CliApp.Run(args, Console.Out, Console.Error);
