namespace SerBench.Core.Payloads;

/// <summary>
/// A study's type and a deterministic generator of distinct instances. The types are <c>partial</c> so a pack can add
/// what its source generator asks for (<c>[MemoryPackable]</c>) in its own file.
/// </summary>
internal abstract class PayloadModel
{
    public const int DefaultSeed = 20221108;

    public abstract string Name { get; }

    public abstract Type ModelType { get; }

    public abstract string Description { get; }

    /// <summary>Callers stay generic without reflection.</summary>
    public abstract TResult Accept<TResult>(IPayloadModelVisitor<TResult> visitor);
}

internal interface IPayloadModelVisitor<out TResult>
{
    TResult Visit<T>(PayloadModel<T> model) where T : class;
}

internal sealed class PayloadModel<T> : PayloadModel where T : class
{
    private readonly Func<int, int, T[]> _generate;

    public PayloadModel(string name, string description, Func<int, int, T[]> generate, SnapshotRows<T>? snapshot = null)
    {
        Name = name;
        Description = description;
        _generate = generate;
        Snapshot = snapshot;
    }

    /// <summary>Set where generating is slow (Bogus' locales), so an agent keeps the data: <see cref="PayloadSnapshots"/>.</summary>
    public SnapshotRows<T>? Snapshot { get; }

    /// <summary>
    /// The user's first document, where objects are read from documents: the first-call probe has the contender read it, as
    /// building the object first (with System.Text.Json) would warm System.Text.Json's contenders before their first call.
    /// </summary>
    public byte[]? Document { get; init; }

    public override string Name { get; }

    public override Type ModelType => typeof(T);

    public override string Description { get; }

    /// <summary>The same seed and count always give the same data.</summary>
    public T[] Generate(int count, int seed = DefaultSeed)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        return _generate(seed, count);
    }

    public override TResult Accept<TResult>(IPayloadModelVisitor<TResult> visitor) => visitor.Visit(this);
}
