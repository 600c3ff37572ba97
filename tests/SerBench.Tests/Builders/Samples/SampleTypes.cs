#pragma warning disable CA2227, CA1002 // Plain data classes, as users write them: settable collections, List<T>.
namespace SerBench.Tests.Builders.Samples;

/// <summary>A user's type as SerBench finds it in an assembly: nested objects, a list, a dictionary, an enum, decimals and dates.</summary>
public sealed class Order
{
    public int Id { get; set; }

    public string CustomerName { get; set; } = "";

    public OrderState State { get; set; }

    public DateTimeOffset PlacedAt { get; set; }

    public decimal? Discount { get; set; }

    public List<OrderLine> Lines { get; set; } = [];

    public Dictionary<string, string> Tags { get; set; } = [];
}

public sealed class OrderLine
{
    public string Sku { get; set; } = "";

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

public enum OrderState
{
    Placed,
    Shipped,
    Delivered,
}

/// <summary>Cannot be created without arguments: refused with the reason.</summary>
public sealed class NeedsArguments(int id)
{
    public int Id { get; } = id;
}

public abstract class Shape;

/// <summary>A user's type whose constructor throws: the user's fault, refused before any library is tried.</summary>
public sealed class ThrowsWhenMade
{
    public ThrowsWhenMade() => throw new InvalidOperationException("not today");

    public int Id { get; set; }
}

/// <summary>A user's type whose constructor ends its process: only a child may make one.</summary>
public sealed class ExitsWhenMade
{
    public ExitsWhenMade() => Environment.Exit(3);

    public int Id { get; set; }
}

/// <summary>A user's type whose constructor never returns: only a child with a time limit may make one.</summary>
public sealed class BlocksWhenMade
{
    public BlocksWhenMade() => Thread.Sleep(Timeout.Infinite);

    public int Id { get; set; }
}

/// <summary>A user's type that is made without trouble but ends its process when a serializer reads it.</summary>
public sealed class ExitsWhenRead
{
    public int Id
    {
        get
        {
            Environment.Exit(4);
            return 0;
        }

        set => _ = value;
    }
}

/// <summary>A user's type whose static constructor throws.</summary>
public sealed class ThrowsWhenLoaded
{
    private static readonly int Seed = int.Parse("not a number", System.Globalization.CultureInfo.InvariantCulture);

    public int Id { get; set; } = Seed;
}

/// <summary>A generic type, named closed on the command line.</summary>
public sealed class Page<T>
{
    public List<T> Items { get; set; } = [];
}
