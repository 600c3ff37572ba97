using System.Diagnostics.Tracing;

namespace SerBench.Core.Measurement;

/// <summary>
/// Follows the runtime's tiered compilation from its own events: whether promotion is paused (new tier-0 code restarts
/// the call-counting delay) and how many methods wait for the background JIT. A quiet JIT alone cannot tell "done" from
/// "paused, or waiting for a core": a warm-up that trusted it measured tier-0 code (docs/performance.md#the-method).
/// </summary>
internal sealed class TieringWatch : EventListener
{
    // The runtime's TieredCompilation keyword; its events are matched by name.
    private const EventKeywords TieredCompilationKeyword = (EventKeywords)0x1000000000;

    private volatile bool _enabled;
    private volatile bool _paused;
    private volatile bool _compiling;
    private int _pending;
    private long _events;

    /// <summary>False where the runtime sends no such events (Native AOT, tiering or event sources off): then nothing is known.</summary>
    public bool Enabled => _enabled;

    /// <summary>No promotion paused or in progress and none waiting, as of the last event.</summary>
    public bool Idle => _enabled && !_paused && !_compiling && Volatile.Read(ref _pending) == 0;

    public int Pending => Volatile.Read(ref _pending);

    public bool Paused => _paused;

    /// <summary>Changes with every tiering event: an unchanged count means nothing happened meanwhile.</summary>
    public long Events => Interlocked.Read(ref _events);

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == "Microsoft-Windows-DotNETRuntime")
        {
            EnableEvents(eventSource, EventLevel.Informational, TieredCompilationKeyword);
            _enabled = true;
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        switch (eventData.EventName)
        {
            case "TieredCompilationPause":
                _paused = true;
                break;
            case "TieredCompilationResume":
                _paused = false;
                break;
            case "TieredCompilationBackgroundJitStart":
                _compiling = true;
                Volatile.Write(ref _pending, PendingOf(eventData));
                break;
            case "TieredCompilationBackgroundJitStop":
                _compiling = false;
                Volatile.Write(ref _pending, PendingOf(eventData));
                break;
            default:
                return;
        }

        Interlocked.Increment(ref _events);
    }

    private static int PendingOf(EventWrittenEventArgs eventData) =>
        eventData.PayloadNames?.IndexOf("PendingMethodCount") is >= 0 and var i && eventData.Payload?[i] is { } value ? Convert.ToInt32(value, System.Globalization.CultureInfo.InvariantCulture) : 0;
}
