"""The library's serializers, views and routes."""
from django.urls import include, path
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import pagination, serializers, viewsets
from rest_framework.decorators import api_view
from rest_framework.response import Response
from rest_framework.routers import DefaultRouter

from .models import Author, Book, Loan


class AuthorSerializer(serializers.ModelSerializer):
    book_count = serializers.SerializerMethodField()

    class Meta:
        model = Author
        fields = ["id", "name", "born", "website", "book_count"]

    def get_book_count(self, author) -> int:
        return author.books.count()


class LoanSerializer(serializers.ModelSerializer):
    class Meta:
        model = Loan
        fields = ["id", "book", "borrower", "due", "returned_at", "extension", "state"]


class BookSerializer(serializers.ModelSerializer):
    authors = serializers.PrimaryKeyRelatedField(many=True, queryset=Author.objects.all())
    author_names = serializers.SerializerMethodField()
    open_loans = LoanSerializer(many=True, read_only=True, source="loans")

    class Meta:
        model = Book
        fields = ["id", "uuid", "title", "isbn", "status", "genre", "price", "pages", "published_on", "authors",
                  "author_names", "metadata", "rating", "created_at", "open_loans"]
        read_only_fields = ["rating"]

    def get_author_names(self, book) -> list[str]:
        return [author.name for author in book.authors.all()]


class BookHitSerializer(serializers.Serializer):
    kind = serializers.CharField()
    book = BookSerializer()
    score = serializers.FloatField()


class AuthorHitSerializer(serializers.Serializer):
    kind = serializers.CharField()
    author = AuthorSerializer()
    score = serializers.FloatField()


class PageNumbers(pagination.PageNumberPagination):
    page_size = 3


class Offsets(pagination.LimitOffsetPagination):
    default_limit = 3


class Cursors(pagination.CursorPagination):
    page_size = 3
    ordering = ["due", "id"]


class BookViewSet(viewsets.ModelViewSet):
    queryset = Book.objects.all()
    serializer_class = BookSerializer
    pagination_class = PageNumbers


class AuthorViewSet(viewsets.ModelViewSet):
    queryset = Author.objects.all()
    serializer_class = AuthorSerializer
    pagination_class = Offsets


class LoanViewSet(viewsets.ModelViewSet):
    queryset = Loan.objects.all()
    serializer_class = LoanSerializer
    pagination_class = Cursors


@extend_schema(
    responses=PolymorphicProxySerializer(
        component_name="SearchHit", serializers={"book": BookHitSerializer, "author": AuthorHitSerializer},
        resource_type_field_name="kind", many=True))
@api_view(["GET"])
def search(request):
    """Books and authors whose title or name contains `q`, best first."""
    query = request.query_params.get("q", "")
    hits = [{"kind": "book", "book": BookSerializer(book).data, "score": 1.0}
            for book in Book.objects.filter(title__icontains=query)]
    hits += [{"kind": "author", "author": AuthorSerializer(author).data, "score": 0.5}
             for author in Author.objects.filter(name__icontains=query)]
    return Response(hits)


router = DefaultRouter()
router.register("books", BookViewSet)
router.register("authors", AuthorViewSet)
router.register("loans", LoanViewSet)

urlpatterns = [
    path("api/", include(router.urls)),
    path("api/search/", search),
    path("api/schema/", SpectacularAPIView.as_view()),
]
