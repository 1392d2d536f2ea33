export { GeofenceManagementPage as Component } from '@/features/zones/components/geofence-management-page';
