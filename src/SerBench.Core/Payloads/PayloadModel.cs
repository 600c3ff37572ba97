namespace SerBench.Core.Payloads;

/// <summary>
/// A payload model: a type from one of the studies plus a deterministic generator of distinct instances. The model
/// types are <c>partial</c> so that a contender pack can add what its source generator asks for (MemoryPack's
/// <c>[MemoryPackable]</c>, …) in its own file: the agent compiles the models and the packs together.
/// </summary>
internal abstract class PayloadModel
{
    /// <summary>The seed every generator uses unless a caller asks for another.</summary>
    public const int DefaultSeed = 20221108;

    /// <summary>Short command-line name, e.g. <c>person</c>.</summary>
    public abstract string Name { get; }

    /// <summary>The CLR type of one object.</summary>
    public abstract Type ModelType { get; }

    /// <summary>One line saying what the model is and where it comes from.</summary>
    public abstract string Description { get; }

    /// <summary>Calls the visitor with the model's static type, so callers can stay generic without reflection.</summary>
    public abstract TResult Accept<TResult>(IPayloadModelVisitor<TResult> visitor);
}

/// <summary>Generic dispatch over <see cref="PayloadModel"/>.</summary>
internal interface IPayloadModelVisitor<out TResult>
{
    TResult Visit<T>(PayloadModel<T> model) where T : class;
}

/// <summary>A payload model of static type <typeparamref name="T"/>.</summary>
internal sealed class PayloadModel<T> : PayloadModel where T : class
{
    private readonly Func<int, int, T[]> _generate;

    public PayloadModel(string name, string description, Func<int, int, T[]> generate)
    {
        Name = name;
        Description = description;
        _generate = generate;
    }

    public override string Name { get; }

    public override Type ModelType => typeof(T);

    public override string Description { get; }

    /// <summary>Generates <paramref name="count"/> distinct instances; the same seed and count always give the same data.</summary>
    public T[] Generate(int count, int seed = DefaultSeed)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        return _generate(seed, count);
    }

    public override TResult Accept<TResult>(IPayloadModelVisitor<TResult> visitor) => visitor.Visit(this);
}
