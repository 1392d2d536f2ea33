export { BookRidePage as Component } from '@/features/rides/components/book-ride-page';
