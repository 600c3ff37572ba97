using System.Runtime.InteropServices;

namespace SerBench.Cli;

/// <summary>
/// Turns the first Ctrl+C (SIGINT) or SIGTERM into a graceful stop: the run finishes the cell it is on, keeps everything
/// measured, writes the reports and exits with <see cref="ExitCode"/>. A second one cancels <see cref="Abandon"/>: the
/// reports are given up, with a line saying how to write them later. A third is left to the runtime, which ends the process at once.
/// </summary>
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

    /// <summary>Cancelled by a second signal: whoever still writes gives up, leaving nothing half-written.</summary>
    public CancellationToken Abandon => _abandon.Token;

    /// <summary>The signal that stopped the run, as shells spell it; null while none came.</summary>
    public string? Name => _signal switch { 0 => null, CliApp.ExitInterrupted => "Ctrl+C (SIGINT)", _ => "SIGTERM" };

    /// <summary>130 after SIGINT, 143 after SIGTERM (128 + the signal number), null while none came.</summary>
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
