export { OutboxPage as Component } from '@/features/dev/components/outbox-page';
