using System.Runtime.InteropServices;

namespace SerBench.Cli;

/// <summary>The first Ctrl+C or SIGTERM stops gracefully (reports written); a second cancels <see cref="Abandon"/>; a third is left to the runtime.</summary>
internal sealed class StopSignals : IDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly CancellationTokenSource _abandon = new();
    private readonly PosixSignalRegistration[] _registrations;
    private int _signal;
    private int _received;

    public StopSignals()
    {
        _registrations = [PosixSignalRegistration.Create(PosixSignal.SIGINT, OnSignal), PosixSignalRegistration.Create(PosixSignal.SIGTERM, OnSignal)];
    }

    public CancellationToken Token => _stop.Token;

    /// <summary>Work before anything is measured: a signal ends the command with "stopped while <paramref name="doing"/>" and the signal's exit code.</summary>
    public static T Around<T>(string doing, Func<CancellationToken, T> work)
    {
        using var stop = new StopSignals();
        try
        {
            return work(stop.Token);
        }
        catch (OperationCanceledException) when (stop.ExitCode is { } code)
        {
            throw new StoppedException(code, $"stopped while {doing}; nothing was measured");
        }
    }

    public CancellationToken Abandon => _abandon.Token;

    public string? Name => _signal switch { 0 => null, CliApp.ExitInterrupted => "Ctrl+C (SIGINT)", _ => "SIGTERM" };

    /// <summary>128 + the signal number: 130 after SIGINT, 143 after SIGTERM.</summary>
    public int? ExitCode => _signal == 0 ? null : _signal;

    private void OnSignal(PosixSignalContext context)
    {
        var code = context.Signal == PosixSignal.SIGINT ? CliApp.ExitInterrupted : CliApp.ExitTerminated;
        switch (Interlocked.Increment(ref _received))
        {
            case 1:
                _signal = code;
                context.Cancel = true;
                _stop.Cancel();
                break;
            case 2:
                context.Cancel = true;
                _abandon.Cancel();
                break;
        }
    }

    public void Dispose()
    {
        foreach (var registration in _registrations)
        {
            registration.Dispose();
        }

        _stop.Dispose();
        _abandon.Dispose();
    }
}
