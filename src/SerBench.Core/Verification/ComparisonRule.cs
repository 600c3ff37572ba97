using System.Collections;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace SerBench.Core.Verification;

/// <summary>How <see cref="ObjectComparer"/> compares values of one runtime type.</summary>
internal enum ComparisonKind
{
    /// <summary>Primitives, enums, strings and BCL value types such as Guid or TimeSpan.</summary>
    ByEquals,

    /// <summary>Exact: NaN equals NaN whatever its payload bits, -0 differs from +0.</summary>
    Floating,

    /// <summary>1.0m differs from 1.00m.</summary>
    Decimal,

    /// <summary>Ticks and Kind: Utc, Local and Unspecified are different instants.</summary>
    DateTime,

    /// <summary>Instant and offset.</summary>
    DateTimeOffset,

    /// <summary>By text: Uri.Equals ignores the fragment and user info.</summary>
    Uri,

    /// <summary>JsonElement and JsonNode by value: their public members show only the kind.</summary>
    Json,

    /// <summary>By key through the actual dictionary's lookup, then by value.</summary>
    Map,

    /// <summary>By membership, whatever the order.</summary>
    Set,

    /// <summary>By count, then element by element (lists and one-dimensional arrays).</summary>
    List,

    /// <summary>A multi-dimensional array: by lengths, then element by element.</summary>
    MultiArray,

    /// <summary>Any other sequence, in enumeration order.</summary>
    Sequence,

    /// <summary>Public instance properties and fields, recursively.</summary>
    Members,
}

internal sealed record ComparedMember(string Name, Func<object, object?> Read);

/// <summary>Worked out once per type and cached: the gate runs before every timed cell, over up to 10,000 objects.</summary>
internal sealed class ComparisonRule
{
    private static readonly ConcurrentDictionary<Type, ComparisonRule> Cache = new();

    private ComparisonRule(ComparisonKind kind, ComparedMember[]? members = null, MapAccess? map = null, SetAccess? set = null)
    {
        Kind = kind;
        Members = members ?? [];
        Map = map;
        Set = set;
    }

    public ComparisonKind Kind { get; }

    public ComparedMember[] Members { get; }

    public MapAccess? Map { get; }

    public SetAccess? Set { get; }

    public static ComparisonRule For(Type type) => Cache.GetOrAdd(type, Create);

    /// <summary>Why reading a payload type's members by reflection is trim-safe.</summary>
    internal const string RuntimeTypes = "The gate reads the types of a payload's objects at run time; each model keeps its members by DynamicDependency (PayloadGenerators, generated models).";

    /// <summary>Why a map or set accessor made for a runtime type is acceptable under Native AOT.</summary>
    internal const string AccessorInstantiation = "Shared code serves reference-type arguments; a value-type instantiation that Native AOT did not compile throws when first met.";

    private static ComparisonRule Create(Type type)
    {
        if (type == typeof(double) || type == typeof(float) || type == typeof(Half))
        {
            return new(ComparisonKind.Floating);
        }

        if (type.IsPrimitive || type.IsEnum || type == typeof(string))
        {
            return new(ComparisonKind.ByEquals);
        }

        if (type == typeof(decimal))
        {
            return new(ComparisonKind.Decimal);
        }

        if (type == typeof(DateTime))
        {
            return new(ComparisonKind.DateTime);
        }

        if (type == typeof(DateTimeOffset))
        {
            return new(ComparisonKind.DateTimeOffset);
        }

        if (typeof(Uri).IsAssignableFrom(type))
        {
            return new(ComparisonKind.Uri);
        }

        if (type == typeof(System.Text.Json.JsonElement) || typeof(System.Text.Json.Nodes.JsonNode).IsAssignableFrom(type))
        {
            return new(ComparisonKind.Json);
        }

        // Collections before the BCL rule below: ImmutableArray<T> and friends override Equals by reference.
        if (MapAccess.For(type) is { } map)
        {
            return new(ComparisonKind.Map, map: map);
        }

        if (SetAccess.For(type) is { } set)
        {
            return new(ComparisonKind.Set, set: set);
        }

        if (type.IsArray)
        {
            return new(type.GetArrayRank() == 1 ? ComparisonKind.List : ComparisonKind.MultiArray);
        }

        if (typeof(IList).IsAssignableFrom(type))
        {
            return new(ComparisonKind.List);
        }

        if (typeof(IEnumerable).IsAssignableFrom(type))
        {
            return new(ComparisonKind.Sequence);
        }

        // A BCL value type's public properties are views of private state (BigInteger.IsZero, Version.Major…), not all
        // of it: its own Equals is the complete comparison. Generic ones (tuples, KeyValuePair) hold user data: walk them.
        if (IsFrameworkType(type) && !type.IsGenericType && OverridesEquals(type))
        {
            return new(ComparisonKind.ByEquals);
        }

        var members = ReadableMembers(type);
        // Nothing public to compare: Equals is all there is, so a type that cannot say it is equal is reported, not passed.
        return members.Length == 0 ? new(ComparisonKind.ByEquals) : new(ComparisonKind.Members, members);
    }

    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = RuntimeTypes)]
    private static ComparedMember[] ReadableMembers(Type type)
    {
        var properties = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.CanRead && p.GetMethod!.IsPublic && p.GetIndexParameters().Length == 0)
            .Select(p => new ComparedMember(p.Name, p.GetValue));
        var fields = type.GetFields(BindingFlags.Public | BindingFlags.Instance)
            .Select(f => new ComparedMember(f.Name, f.GetValue));
        return [.. properties, .. fields];
    }

    private static bool IsFrameworkType(Type type) =>
        type.Namespace is { } name && (name == "System" || name.StartsWith("System.", StringComparison.Ordinal))
        && type.Assembly.GetName().Name is { } assembly && assembly.StartsWith("System.", StringComparison.Ordinal);

    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = RuntimeTypes)]
    private static bool OverridesEquals(Type type) =>
        type.GetMethod(nameof(Equals), BindingFlags.Public | BindingFlags.Instance, [typeof(object)])?.DeclaringType is { } declaring
        && declaring != typeof(object) && declaring != typeof(ValueType);
}

/// <summary>Reads a dictionary of any kind: <see cref="IDictionary"/>, or the generic interfaces when that is all it implements.</summary>
internal abstract class MapAccess
{
    private static readonly NonGeneric Untyped = new();

    public abstract int Count(object map);

    public abstract IEnumerable<KeyValuePair<object, object?>> Entries(object map);

    public abstract bool TryGetValue(object map, object key, out object? value);

    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = ComparisonRule.AccessorInstantiation)]
    public static MapAccess? For(Type type)
    {
        if (typeof(IDictionary).IsAssignableFrom(type))
        {
            return Untyped;
        }

        var generic = GenericInterface(type, typeof(IReadOnlyDictionary<,>)) ?? GenericInterface(type, typeof(IDictionary<,>));
        return generic is null ? null : (MapAccess)Activator.CreateInstance(typeof(Generic<,>).MakeGenericType(generic.GetGenericArguments()))!;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = ComparisonRule.RuntimeTypes)]
    internal static Type? GenericInterface(Type type, Type definition) =>
        type.IsGenericType && type.GetGenericTypeDefinition() == definition
            ? type
            : type.GetInterfaces().FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == definition);

    private sealed class NonGeneric : MapAccess
    {
        public override int Count(object map) => ((IDictionary)map).Count;

        public override IEnumerable<KeyValuePair<object, object?>> Entries(object map)
        {
            var enumerator = ((IDictionary)map).GetEnumerator();
            while (enumerator.MoveNext())
            {
                yield return new(enumerator.Key, enumerator.Value);
            }
        }

        public override bool TryGetValue(object map, object key, out object? value)
        {
            var dictionary = (IDictionary)map;
            var found = dictionary.Contains(key);
            value = found ? dictionary[key] : null;
            return found;
        }
    }

    private sealed class Generic<TKey, TValue> : MapAccess
    {
        public override int Count(object map) => ((IEnumerable<KeyValuePair<TKey, TValue>>)map).Count();

        public override IEnumerable<KeyValuePair<object, object?>> Entries(object map) =>
            ((IEnumerable<KeyValuePair<TKey, TValue>>)map).Select(e => new KeyValuePair<object, object?>(e.Key!, e.Value));

        public override bool TryGetValue(object map, object key, out object? value)
        {
            var found = map is IReadOnlyDictionary<TKey, TValue> readOnly
                ? readOnly.TryGetValue((TKey)key, out var typed)
                : ((IDictionary<TKey, TValue>)map).TryGetValue((TKey)key, out typed);
            value = typed;
            return found;
        }
    }
}

/// <summary>Reads a set (<see cref="ISet{T}"/> or <see cref="IReadOnlySet{T}"/>) through the set's own membership test.</summary>
internal abstract class SetAccess
{
    public abstract int Count(object set);

    public abstract bool Contains(object set, object? item);

    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = ComparisonRule.AccessorInstantiation)]
    public static SetAccess? For(Type type)
    {
        var generic = MapAccess.GenericInterface(type, typeof(ISet<>)) ?? MapAccess.GenericInterface(type, typeof(IReadOnlySet<>));
        return generic is null ? null : (SetAccess)Activator.CreateInstance(typeof(Generic<>).MakeGenericType(generic.GetGenericArguments()))!;
    }

    private sealed class Generic<T> : SetAccess
    {
        public override int Count(object set) => set is IReadOnlySet<T> readOnly ? readOnly.Count : ((ISet<T>)set).Count;

        public override bool Contains(object set, object? item) =>
            set is IReadOnlySet<T> readOnly ? readOnly.Contains((T)item!) : ((ISet<T>)set).Contains((T)item!);
    }
}
