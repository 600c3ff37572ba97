namespace SerBench.Tests.Infrastructure;

// Slow tests (agent builds, publishes, packing and installing the tool, CLI runs that measure with BenchmarkDotNet for
// real) carry [Trait("Category", "Slow")]. The test project's VSTestTestCaseFilter leaves them out of a plain `dotnet test`;
// `dotnet test --filter Category=Slow` runs them alone, `dotnet test -p:SlowTests=true` runs everything.

/// <summary>
/// Test classes run in parallel (xunit.runner.json), except these. A class belongs here when it changes what the whole
/// process shares: environment variables (which the code under test and every child process read), Console, the
/// current directory, or the process's CPU time that a test reads as a clock. xunit runs this collection on its own,
/// after the parallel ones.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class SerialCollection
{
    public const string Name = "serial: changes what the process shares";
}

/// <summary>Agent builds use both cores; tests that build one do not run beside each other.</summary>
[CollectionDefinition(Name)]
public sealed class AgentBuildCollection
{
    public const string Name = "agent builds";
}
