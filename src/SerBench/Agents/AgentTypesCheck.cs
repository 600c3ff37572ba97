using System.Globalization;
using SerBench.Core.Agents;
using SerBench.Core.Running;
using SerBench.Core.UserData;

namespace SerBench.Agents;

/// <summary>
/// The user's types are made, and the samples read as them, in a child under a time limit: SerBench's own process runs
/// none of their code, so a constructor that ends its process or never returns is refused in one line, not obeyed.
/// </summary>
internal static class AgentTypesCheck
{
    // timeLimit: tests shorten AgentRequest.TypesTimeLimit.
    /// <exception cref="UsageException">One line naming the type and what its code did.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellation"/> fired; the child was ended.</exception>
    public static void Run(UserTypesSource types, StartChild start, CancellationToken cancellation, TimeSpan? timeLimit = null)
    {
        var request = AgentRequest.TypesCheck(types) with { Timeout = timeLimit ?? AgentRequest.TypesTimeLimit };
        // The request and reply live in a temporary folder: a refused type must leave no output folder behind.
        var folder = Directory.CreateTempSubdirectory("serbench-types-");
        AgentAnswer answer;
        try
        {
            answer = new AgentClient(folder.FullName, start).Send(request, cancellation);
        }
        finally
        {
            folder.Delete(recursive: true);
        }

        cancellation.ThrowIfCancellationRequested();
        if (answer.Reply?.Refused is { } refused)
        {
            throw new UsageException(refused);
        }

        if (answer.Reply?.Running is { } running)
        {
            throw new UsageException(running.Refusal(answer.Child is { TimedOut: true }
                ? string.Create(CultureInfo.InvariantCulture, $"did not return within {request.Timeout.TotalSeconds:0.#} s")
                : $"ended the process with {answer.Child?.Exit ?? answer.Failure}"));
        }

        if (answer.Failure is not null)
        {
            throw new UsageException($"--types {Path.GetFileName(types.AssemblyPath)}: the separate process that checks your types failed before it made one: {answer.Failure}");
        }
    }
}
