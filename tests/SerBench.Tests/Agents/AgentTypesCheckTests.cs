using System.Diagnostics;
using SerBench.Agents;
using SerBench.Cli;
using SerBench.Core.Agents;
using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Tests.Builders.Samples;

namespace SerBench.Tests.Agents;

/// <summary>The user's types made in a real child: what their constructors do never reaches this process.</summary>
public sealed class AgentTypesCheckTests
{
    private static UserTypesSource Types(params Type[] types) => new(typeof(Order).Assembly.Location, [.. types.Select(t => t.FullName!)], null);

    [Fact]
    public void TypesMadeWithoutTrouble_PassTheCheck()
    {
        AgentTypesCheck.Run(Types(typeof(Order), typeof(OrderLine)), SelfProcess.Run, CancellationToken.None);
    }

    [Fact]
    public void ConstructorThatEndsItsProcess_IsNamed_WithTheExitCode()
    {
        var error = Assert.Throws<UsageException>(() => AgentTypesCheck.Run(Types(typeof(Order), typeof(ExitsWhenMade)), SelfProcess.Run, CancellationToken.None));

        Assert.Equal($"--type {typeof(ExitsWhenMade).FullName}: its constructor ended the process with exit code 3; SerBench cannot make one to measure. " +
                     "Fix the type or choose another.", error.Message);
    }

    [Fact]
    public void ConstructorThatNeverReturns_IsStoppedAtTheTimeLimit_AndNamed()
    {
        var clock = Stopwatch.StartNew();

        var error = Assert.Throws<UsageException>(() => AgentTypesCheck.Run(Types(typeof(BlocksWhenMade)), SelfProcess.Run, CancellationToken.None, TimeSpan.FromSeconds(10)));

        Assert.Equal($"--type {typeof(BlocksWhenMade).FullName}: its constructor did not return within 10 s; SerBench cannot make one to measure. " +
                     "Fix the type or choose another.", error.Message);
        Assert.InRange(clock.Elapsed.TotalSeconds, 10, 60);
    }

    [Fact]
    public void AChildThatEndsBeforeAnyOfTheirCode_IsNotBlamedOnAType()
    {
        ChildOutcome Hung(IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellation, SerBench.AgentBuilds.AgentBuild? agent,
            IEnumerable<KeyValuePair<string, string>> environment) => new(137, "", "", TimedOut: true);

        var error = Assert.Throws<UsageException>(() => AgentTypesCheck.Run(Types(typeof(Order)), Hung, CancellationToken.None));

        Assert.Equal("--types SerBench.Tests.dll: the separate process that checks your types failed before it made one: did not finish in time and was stopped (hung)",
            error.Message);
    }

    [Fact]
    public void TypesTimeLimit_IsTheOneDocsCommandsStates()
    {
        var commands = File.ReadAllText(Repository.File("docs", "commands.md")).ReplaceLineEndings(" ");

        Assert.Contains($"does not return within **{AgentRequest.TypesTimeLimit.TotalSeconds:0} seconds**", commands, StringComparison.Ordinal);
    }
}
